import { z } from "zod";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { decryptSecret } from "@/lib/security/encryption";
import { logOperation } from "@/lib/audit/operation-log";
import { otpCode } from "@/lib/validation/fields";
import { contextFromToken } from "./context";
import { checkTypedCode } from "./one-time-codes";
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
  await enforceRateLimit(`mfa-verify:${context.sessionHexId}`, 10, 600);

  const session = await db.authSession.findUniqueOrThrow({ where: { hexId: context.sessionHexId } });
  const method = session.mfaMethod;
  if (!method) throw new AppError("MFA_NO_ACTIVE_METHOD");
  const stored = await db.mfaMethod.findUnique({ where: { userId_type: { userId: context.userId, type: method } } });
  if (!stored?.active) throw new AppError("MFA_NO_ACTIVE_METHOD");

  if (method === "TOTP") {
    if (!stored.secret || !(await checkTotp(decryptSecret(stored.secret), code, context.userId))) throw new AppError("MFA_CODE_MISMATCH");
  } else {
    await checkTypedCode(context.userId, "MFA_LOGIN", code);
  }

  await db.authSession.update({ where: { id: session.id }, data: { mfaPassed: true, lastActivityAt: new Date() } });
  await db.user.update({ where: { id: context.userId }, data: { lastLoginAt: new Date() } });
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
