import { z } from "zod";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { rateLimits } from "@/lib/security/rate-limits";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { decryptSecret } from "@/lib/security/encryption";
import { logOperation } from "@/lib/audit/operation-log";
import { otpCode } from "@/lib/validation/fields";
import { contextFromToken } from "./context";
import { blockUser } from "./block-user";
import { checkTypedCode, maxCodeAttempts } from "./one-time-codes";
import { issueToken, type RequestMeta } from "./sessions";
import { checkTotp } from "./totp";
import { sendSecondFactorCode } from "./send-mfa-code";

export const verifyInput = z.object({ code: otpCode });

/**
 * POST /verify (spec §7): the second factor of a pending sign-in. Success turns the session into a
 * full one and returns its token with result 1; any failure answers result -1.
 */
export async function verifyMfa(preAuthToken: string, raw: unknown, meta: RequestMeta) {
  const context = await contextFromToken(preAuthToken, ["mfa"]);
  const { code } = verifyInput.parse(raw);
  await enforceRateLimit(rateLimits.mfaVerify, context.sessionHexId);

  const session = await db.authSession.findUniqueOrThrow({ where: { hexId: context.sessionHexId } });
  const method = session.mfaMethod;
  if (!method) throw new AppError("MFA_NO_ACTIVE_METHOD");
  const stored = await db.mfaMethod.findUnique({ where: { userId_type: { userId: context.userId, type: method } } });
  if (!stored?.active) throw new AppError("MFA_NO_ACTIVE_METHOD");

  if (method === "TOTP") {
    if (!stored.secret || !(await checkTotp(decryptSecret(stored.secret), code, context.userId))) await totpFailed(context.userId, meta);
  } else {
    await checkTypedCode(context.userId, "MFA_LOGIN", code);
  }

  await db.authSession.update({ where: { id: session.id }, data: { mfaPassed: true, lastActivityAt: new Date() } });
  await db.user.update({ where: { id: context.userId }, data: { lastLoginAt: new Date(), failedMfaCodes: 0 } });
  await logOperation({
    module: "USUARIO",
    organizationId: context.organizationId,
    userId: context.userId,
    event: "LOGIN",
    action: `LOGIN_MFA_${method}`,
    ip: meta.ip,
    recordId: session.hexId,
  });
  const { token, expiresAt } = await issueToken(session.id, "full");
  return { token, expiresAt, result: 1 as const, changePassword: context.changePassword };
}

/**
 * A mailed or texted code is void after `maxCodeAttempts` wrong tries, but an authenticator's code
 * changes every 30 s and a new sign-in starts afresh: its wrong codes are counted on the user,
 * across sign-ins, until a right one. As many wrong ones as a mailed code allows block the user.
 */
async function totpFailed(userId: number, meta: RequestMeta): Promise<never> {
  const updated = await db.user.update({ where: { id: userId }, data: { failedMfaCodes: { increment: 1 } } });
  if (updated.failedMfaCodes < maxCodeAttempts) throw new AppError("MFA_CODE_MISMATCH");
  await blockUser(userId, meta, "mfa");
  throw new AppError("USER_BLOCKED");
}

/** Switches a pending sign-in to another active method and sends its code (e-mail or SMS). */
export async function switchMfaMethod(preAuthToken: string, method: "TOTP" | "EMAIL" | "SMS") {
  const context = await contextFromToken(preAuthToken, ["mfa"]);
  const user = await db.user.findUniqueOrThrow({
    where: { id: context.userId },
    include: { organization: true, mfaMethods: { where: { active: true } } },
  });
  if (user.organization.requiredMfaMethod && user.organization.requiredMfaMethod !== method)
    throw new AppError("MFA_REQUIRED_BY_ORGANIZATION");
  if (!user.mfaMethods.some((m) => m.type === method)) throw new AppError("MFA_NO_ACTIVE_METHOD");
  await db.authSession.update({ where: { hexId: context.sessionHexId }, data: { mfaMethod: method } });
  await sendSecondFactorCode(user, method);
  return { mfaMethodRequired: method, available: user.mfaMethods.map((m) => m.type) };
}
