import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { rateLimits } from "@/lib/security/rate-limits";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { logOperation } from "@/lib/audit/operation-log";
import { changePasswordInput, setPasswordInput } from "@/lib/validation/account-schemas";
import { hashPassword, verifyPassword } from "./password";
import type { AuthContext } from "./context";
import { issueToken, type RequestMeta } from "./sessions";
import { issueCode, redeemLinkCode } from "./one-time-codes";
import { sendAuthMail } from "./notify-user";

/**
 * /ChangePass: needs the current password; clears the forced-change flag and ends the user's other
 * sessions. Returns a fresh token, since the old one carried the flag.
 */
export async function changePassword(context: AuthContext, raw: unknown, meta: RequestMeta) {
  const input = changePasswordInput.parse(raw);
  await enforceRateLimit(rateLimits.changePassword, context.userId);
  const user = await db.user.findUniqueOrThrow({ where: { id: context.userId } });
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw new AppError("OLD_PASSWORD_MISMATCH", { field: "oldPassword" });
  await db.$transaction([
    db.user.update({
      where: { id: user.id },
      data: { passwordHash: await hashPassword(input.password), passwordChangedAt: new Date(), changePassword: false },
    }),
    db.authSession.updateMany({
      where: { userId: user.id, endedAt: null, hexId: { not: context.sessionHexId } },
      data: { endedAt: new Date(), endReason: "password-change" },
    }),
  ]);
  await logOperation({
    module: "USUARIO",
    organizationId: user.organizationId,
    userId: user.id,
    event: "PASSWORD_CHANGE",
    ip: meta.ip,
    recordId: user.hexId,
  });
  const session = await db.authSession.findUniqueOrThrow({ where: { hexId: context.sessionHexId } });
  return issueToken(session.id, "full");
}

/** /SetPass/{propUserId}: a user created by an administrator chooses a first password from the mailed link. */
export async function setInitialPassword(userHexId: string, raw: unknown, meta: RequestMeta) {
  const input = setPasswordInput.parse(raw);
  const target = await db.user.findUnique({ where: { hexId: userHexId } });
  if (!target) throw new AppError("INVALID_LINK");
  const userId = await redeemLinkCode("SET_PASSWORD", input.code);
  if (userId !== target.id) throw new AppError("INVALID_LINK");
  await db.user.update({
    where: { id: userId },
    data: { passwordHash: await hashPassword(input.password), passwordChangedAt: new Date(), changePassword: false, emailVerified: true },
  });
  await logOperation({
    module: "USUARIO",
    organizationId: target.organizationId,
    userId,
    event: "PASSWORD_SET",
    ip: meta.ip,
    recordId: target.hexId,
  });
  return { email: target.email };
}

/** Mails a new user the /SetPass link (used by user administration and the seed). */
export async function inviteToSetPassword(userId: number) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  const code = await issueCode(user.id, "SET_PASSWORD");
  await sendAuthMail(user, { kind: "setPassword", code, userHexId: user.hexId });
}
