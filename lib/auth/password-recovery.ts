import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { rateLimits } from "@/lib/security/rate-limits";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { logOperation } from "@/lib/audit/operation-log";
import { codeInput, forgotInput, resetInput } from "@/lib/validation/account-schemas";
import { hashPassword } from "./password";
import { checkTypedCode, issueCode } from "./one-time-codes";
import { sendAuthMail } from "./notify-user";
import type { RequestMeta } from "./sessions";

async function userByEmail(address: string) {
  const user = await db.user.findUnique({ where: { email: address } });
  if (!user) throw new AppError("MAIL_NOT_EXISTS");
  return user;
}

/** /ForgotPassword: mails a 6-digit code, entered at /CodeVeri. */
export async function requestPasswordReset(raw: unknown, meta: RequestMeta) {
  const input = forgotInput.parse(raw);
  await enforceRateLimit(rateLimits.forgotIp, meta.ip);
  const user = await userByEmail(input.email);
  await enforceRateLimit(rateLimits.forgotUser, user.id);
  const code = await issueCode(user.id, "PASSWORD_RESET");
  await sendAuthMail(user, { kind: "passwordReset", code });
}

/** /CodeVeri: checks the code without spending it, so /ResetPassword can use it once. */
export async function checkPasswordResetCode(raw: unknown) {
  const input = codeInput.parse(raw);
  const user = await userByEmail(input.email);
  await checkTypedCode(user.id, "PASSWORD_RESET", input.code, { peek: true });
  return { valid: true };
}

/** /ResetPassword: a new password; it also lifts a block, since the owner proved the mailbox. */
export async function resetPassword(raw: unknown, meta: RequestMeta) {
  const input = resetInput.parse(raw);
  const user = await userByEmail(input.email);
  await checkTypedCode(user.id, "PASSWORD_RESET", input.code);
  await db.$transaction([
    db.user.update({
      where: { id: user.id },
      data: {
        passwordHash: await hashPassword(input.password),
        passwordChangedAt: new Date(),
        changePassword: false,
        lockedAt: null,
        failedLogins: 0,
        failedMfaCodes: 0,
      },
    }),
    db.authSession.updateMany({ where: { userId: user.id, endedAt: null }, data: { endedAt: new Date(), endReason: "password-reset" } }),
  ]);
  await logOperation({
    module: "USUARIO",
    organizationId: user.organizationId,
    userId: user.id,
    event: "PASSWORD_RESET",
    ip: meta.ip,
    recordId: user.hexId,
  });
}
