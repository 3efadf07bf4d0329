import { z } from "zod";
import { lineText } from "@/lib/validation/text";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { getConfigNumber } from "@/lib/config/values";
import { rateLimits } from "@/lib/security/rate-limits";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { logOperation } from "@/lib/audit/operation-log";
import type { MfaMethodType } from "@/lib/db/generated/enums";
import { password as passwordField } from "@/lib/validation/fields";
import { verifyPassword } from "./password";
import { blockUser } from "./block-user";
import { issueToken, openSession, type RequestMeta } from "./sessions";
import { sendSecondFactorCode } from "./send-mfa-code";

export const authenticateInput = z.object({
  username: lineText({ error: "EMPTY_FIELD" })
    .trim()
    .min(1, "EMPTY_FIELD")
    .transform((v) => v.toLowerCase()),
  password: passwordField,
});

export type AuthenticateResult =
  | { kind: "token"; token: string; expiresAt: Date; changePassword: boolean }
  | { kind: "mfa"; error: AppError; token: string; hexId: string; mfaMethodRequired: MfaMethodType };

/**
 * POST /authenticate (spec §7). A correct password yields a token, or, when a second factor is
 * due, a short-lived token to continue with /verify (or to activate the method the organisation
 * requires). Five wrong passwords in a row block the user and mail an unlock link.
 */
export async function authenticate(raw: unknown, meta: RequestMeta): Promise<AuthenticateResult> {
  const input = authenticateInput.parse(raw);
  await enforceRateLimit(rateLimits.loginIp, meta.ip);
  await enforceRateLimit(rateLimits.loginUser, input.username);

  const user = await db.user.findUnique({
    where: { email: input.username },
    include: { organization: true, mfaMethods: { where: { active: true } } },
  });
  if (!user) throw new AppError("USER_NOT_REGISTERED");
  if (user.lockedAt) throw new AppError("USER_BLOCKED");

  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const maxFailures = await getConfigNumber(user.organizationId, "max_failed_logins");
    const updated = await db.user.update({ where: { id: user.id }, data: { failedLogins: { increment: 1 } } });
    if (updated.failedLogins >= maxFailures) {
      await blockUser(user.id, meta, "password");
      throw new AppError("USER_BLOCKED");
    }
    throw new AppError("INCORRECT_PASSWORD");
  }

  if (!user.organization.active) throw new AppError("ORGANIZATION_DISABLED");
  if (!user.enabled) throw new AppError("USER_DISABLED");
  if (!user.emailVerified) throw new AppError("EMAIL_NOT_VALIDATED");
  if (!user.portalAccess) throw new AppError("NO_PORTAL_ACCESS");
  await db.user.update({ where: { id: user.id }, data: { failedLogins: 0 } });

  const required = user.organization.requiredMfaMethod;
  if (required && !user.mfaMethods.some((m) => m.type === required)) {
    const session = await openSession(user.id, meta, false, required);
    const { token } = await issueToken(session.id, "mfa-activation");
    return { kind: "mfa", error: new AppError("MFA_ACTIVATION_REQUIRED"), token, hexId: session.hexId, mfaMethodRequired: required };
  }

  const method = required ?? (user.mfaMethods.find((m) => m.favorite) ?? user.mfaMethods[0])?.type;
  if (method) {
    const session = await openSession(user.id, meta, false, method);
    // A sign-in repeated within the resend window keeps the code already sent.
    await sendSecondFactorCode(user, method).catch((error: unknown) => {
      if (!(error instanceof AppError && error.code === "RATE_LIMITED")) throw error;
    });
    const { token } = await issueToken(session.id, "mfa");
    return { kind: "mfa", error: new AppError("MFA_REQUIRED"), token, hexId: session.hexId, mfaMethodRequired: method };
  }

  const session = await openSession(user.id, meta, true);
  await db.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
  await logOperation({
    module: "USUARIO",
    organizationId: user.organizationId,
    userId: user.id,
    event: "LOGIN",
    ip: meta.ip,
    recordId: session.hexId,
  });
  const { token, expiresAt } = await issueToken(session.id, "full");
  return { kind: "token", token, expiresAt, changePassword: user.changePassword };
}
