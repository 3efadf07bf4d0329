import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { rateLimits } from "@/lib/security/rate-limits";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { logOperation } from "@/lib/audit/operation-log";
import { signupInput } from "@/lib/validation/account-schemas";
import { createOrganization } from "@/lib/organizations/create-organization";
import { toDbLanguage, type Locale } from "@/lib/i18n/config";
import { hashPassword } from "./password";
import { issueCode } from "./one-time-codes";
import { sendAuthMail } from "./notify-user";
import type { RequestMeta } from "./sessions";

/**
 * /signup: a new organisation with the person as its administrator. The account is usable once
 * the e-mail is validated through /user-validate/{codigo}.
 */
export async function signup(raw: unknown, meta: RequestMeta, locale: Locale) {
  const input = signupInput.parse(raw);
  await enforceRateLimit(rateLimits.signupIp, meta.ip);
  if (await db.user.findUnique({ where: { email: input.email } })) throw new AppError("EMAIL_IN_USE", { field: "email" });
  if (await db.user.findUnique({ where: { cellPhone: input.cellPhone } })) throw new AppError("PHONE_IN_USE", { field: "cellPhone" });

  const passwordHash = await hashPassword(input.password);
  const user = await db
    .$transaction(async (tx) => {
      const { organization, adminRole } = await createOrganization(tx, { name: input.organizationName, country: input.country });
      const created = await tx.user.create({
        data: {
          organizationId: organization.id,
          roleId: adminRole.id,
          email: input.email,
          cellPhone: input.cellPhone,
          firstName: input.firstName,
          lastName: input.lastName,
          country: input.country,
          identType: input.identType,
          identNumber: input.identNumber,
          passwordHash,
          passwordChangedAt: new Date(),
          preferredLanguage: toDbLanguage(locale),
        },
      });
      await logOperation(
        {
          module: "ORGANIZACION",
          organizationId: organization.id,
          userId: created.id,
          event: "SIGNUP",
          ip: meta.ip,
          recordId: organization.hexId,
        },
        tx,
      );
      return created;
    })
    .catch((error: unknown) => {
      // Two sign-ups racing for the same e-mail or phone: the unique index decides.
      if (error instanceof Error && "code" in error && error.code === "P2002") throw new AppError("EMAIL_IN_USE");
      throw error;
    });

  const code = await issueCode(user.id, "EMAIL_VALIDATION");
  await sendAuthMail(user, { kind: "emailValidation", code });
  return { userHexId: user.hexId };
}
