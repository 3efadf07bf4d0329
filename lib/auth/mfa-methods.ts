import QRCode from "qrcode";
import { z } from "zod";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { MfaMethodType } from "@/lib/db/generated/enums";
import { decryptSecret, encryptSecret } from "@/lib/security/encryption";
import { rateLimits } from "@/lib/security/rate-limits";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { logOperation } from "@/lib/audit/operation-log";
import { otpCode, password as passwordField } from "@/lib/validation/fields";
import type { AuthContext } from "./context";
import { checkTypedCode } from "./one-time-codes";
import { verifyPassword } from "./password";
import { sendSecondFactorCode } from "./send-mfa-code";
import { issueToken, type RequestMeta } from "./sessions";
import { checkTotp, newTotpSecret, totpUri } from "./totp";

export const mfaMethodTypes = ["TOTP", "EMAIL", "SMS"] as const;
export const methodParam = z.enum(mfaMethodTypes, { error: "VALIDATION_FAILED" });

export type MethodView = {
  type: MfaMethodType;
  active: boolean;
  favorite: boolean;
  requiredByOrganization: boolean;
  target: string | null;
};

function mask(value: string | null, kind: MfaMethodType): string | null {
  if (!value) return null;
  if (kind === "EMAIL") return value.replace(/^(.)[^@]*(@.*)$/, "$1•••$2");
  if (kind === "SMS") return `•••${value.slice(-3)}`;
  return null;
}

export async function listMfaMethods(context: AuthContext): Promise<MethodView[]> {
  const user = await db.user.findUniqueOrThrow({ where: { id: context.userId }, include: { organization: true, mfaMethods: true } });
  return mfaMethodTypes.map((type) => {
    const row = user.mfaMethods.find((m) => m.type === type);
    return {
      type,
      active: row?.active ?? false,
      favorite: row?.favorite ?? false,
      requiredByOrganization: user.organization.requiredMfaMethod === type,
      target: type === "EMAIL" ? mask(user.email, type) : type === "SMS" ? mask(user.cellPhone, type) : null,
    };
  });
}

/**
 * Starts activating a method: TOTP gets a new secret (as otpauth URI and QR image), e-mail and
 * SMS get a code. The method is active only once the code is confirmed.
 */
export async function startMfaActivation(context: AuthContext, type: MfaMethodType) {
  const user = await db.user.findUniqueOrThrow({ where: { id: context.userId } });
  if (type === "SMS" && !user.cellPhone) throw new AppError("MFA_CHANNEL_MISSING");
  const existing = await db.mfaMethod.findUnique({ where: { userId_type: { userId: user.id, type } } });
  if (type === "TOTP") {
    // An active authenticator keeps its secret until the user deactivates it.
    if (existing?.active) throw new AppError("VALIDATION_FAILED");
    const secret = newTotpSecret();
    await db.mfaMethod.upsert({
      where: { userId_type: { userId: user.id, type } },
      create: { userId: user.id, type, secret: encryptSecret(secret) },
      update: { secret: encryptSecret(secret), active: false, favorite: false },
    });
    const uri = totpUri(secret, user.email);
    return { type, secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
  }
  await db.mfaMethod.upsert({ where: { userId_type: { userId: user.id, type } }, create: { userId: user.id, type }, update: {} });
  await sendSecondFactorCode(user, type, "MFA_ACTIVATION");
  return { type };
}

export async function confirmMfaActivation(context: AuthContext, type: MfaMethodType, raw: unknown, meta: RequestMeta) {
  const { code } = z.object({ code: otpCode }).parse(raw);
  await enforceRateLimit(rateLimits.mfaActivate, context.userId);
  const method = await db.mfaMethod.findUnique({ where: { userId_type: { userId: context.userId, type } } });
  if (!method) throw new AppError("MFA_CODE_EXPIRED");
  if (type === "TOTP") {
    if (!method.secret || !(await checkTotp(decryptSecret(method.secret), code, context.userId))) throw new AppError("MFA_CODE_MISMATCH");
  } else {
    await checkTypedCode(context.userId, "MFA_ACTIVATION", code);
  }
  const hasFavorite = await db.mfaMethod.count({ where: { userId: context.userId, favorite: true, active: true } });
  await db.mfaMethod.update({ where: { id: method.id }, data: { active: true, activatedAt: new Date(), favorite: hasFavorite === 0 } });
  await logOperation({
    module: "USUARIO",
    organizationId: context.organizationId,
    userId: context.userId,
    event: "MFA_ACTIVATE",
    action: `MFA_ACTIVATE_${type}`,
    ip: meta.ip,
    recordId: context.userHexId,
  });

  // Activating the method the organisation requires completes a pending sign-in.
  if (context.stage === "mfa-activation") {
    const session = await db.authSession.update({
      where: { hexId: context.sessionHexId },
      data: { mfaPassed: true, mfaMethod: type, lastActivityAt: new Date() },
    });
    const { token, expiresAt } = await issueToken(session.id, "full");
    return { activated: true, token, expiresAt };
  }
  return { activated: true };
}

/** Spec §5: a method must be activated before it can be made favourite. */
export async function setFavoriteMfaMethod(context: AuthContext, type: MfaMethodType) {
  const method = await db.mfaMethod.findUnique({ where: { userId_type: { userId: context.userId, type } } });
  if (!method?.active) throw new AppError("MFA_ACTIVATE_BEFORE_FAVORITE");
  await db.$transaction([
    db.mfaMethod.updateMany({ where: { userId: context.userId }, data: { favorite: false } }),
    db.mfaMethod.update({ where: { id: method.id }, data: { favorite: true } }),
  ]);
}

export const deactivateInput = z.object({ password: passwordField });

/**
 * Spec §5: an organisation may fix a required method, which its users cannot turn off. Turning a
 * method off weakens the account, so it asks for the current password again: a session left open
 * on someone's desk is not enough.
 */
export async function deactivateMfaMethod(context: AuthContext, type: MfaMethodType, raw: unknown, meta: RequestMeta) {
  const input = deactivateInput.parse(raw ?? {});
  const organization = await db.organization.findUniqueOrThrow({ where: { id: context.organizationId } });
  if (organization.requiredMfaMethod === type) throw new AppError("MFA_REQUIRED_BY_ORGANIZATION");
  await enforceRateLimit(rateLimits.mfaDeactivate, context.userId);
  const user = await db.user.findUniqueOrThrow({ where: { id: context.userId } });
  if (!(await verifyPassword(user.passwordHash, input.password))) throw new AppError("OLD_PASSWORD_MISMATCH", { field: "password" });
  await db.mfaMethod.updateMany({ where: { userId: context.userId, type }, data: { active: false, favorite: false, secret: null } });
  await logOperation({
    module: "USUARIO",
    organizationId: context.organizationId,
    userId: context.userId,
    event: "MFA_DEACTIVATE",
    action: `MFA_DEACTIVATE_${type}`,
    ip: meta.ip,
    recordId: context.userHexId,
  });
}
