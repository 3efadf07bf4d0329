import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { CodePurpose, MfaMethodType } from "@/lib/db/generated/enums";
import { randomDigits, randomHex, sha256Hex } from "@/lib/security/random";

/** Wrong tries a typed code survives; an authenticator's codes get as many per user (verify-mfa.ts). */
export const maxCodeAttempts = 5;

const lifetimeMinutes: Record<CodePurpose, number> = {
  MFA_LOGIN: 10,
  MFA_ACTIVATION: 10,
  PASSWORD_RESET: 15,
  EMAIL_VALIDATION: 60 * 24 * 3,
  UNLOCK: 60 * 24,
  SET_PASSWORD: 60 * 24 * 7,
};

/** Codes typed by a person are 6 digits; codes carried in links are 128-bit hex. */
const typed: Record<CodePurpose, boolean> = {
  MFA_LOGIN: true,
  MFA_ACTIVATION: true,
  PASSWORD_RESET: true,
  EMAIL_VALIDATION: false,
  UNLOCK: false,
  SET_PASSWORD: false,
};

// Typed codes are short, so their hash is salted with the user and purpose: a 6-digit code
// alone is not unique across users.
function codeHash(userId: number, purpose: CodePurpose, code: string): string {
  return sha256Hex(typed[purpose] ? `${userId}:${purpose}:${code}` : code);
}

/** Issues a new code, voiding the user's earlier unconsumed codes of the same purpose. */
export async function issueCode(userId: number, purpose: CodePurpose, channel?: MfaMethodType): Promise<string> {
  const code = typed[purpose] ? randomDigits(6) : randomHex(16);
  await db.$transaction([
    db.oneTimeCode.updateMany({ where: { userId, purpose, consumedAt: null }, data: { consumedAt: new Date() } }),
    db.oneTimeCode.create({
      data: {
        userId,
        purpose,
        channel,
        codeHash: codeHash(userId, purpose, code),
        expiresAt: new Date(Date.now() + lifetimeMinutes[purpose] * 60_000),
      },
    }),
  ]);
  return code;
}

/**
 * Checks a typed code against the user's live one. A wrong code spends an attempt; after five the
 * code is void. Consumes it on success unless `peek`.
 */
export async function checkTypedCode(userId: number, purpose: CodePurpose, code: string, options: { peek?: boolean } = {}) {
  const current = await db.oneTimeCode.findFirst({
    where: { userId, purpose, consumedAt: null },
    orderBy: { createdAt: "desc" },
  });
  if (!current) throw new AppError("MFA_CODE_EXPIRED");
  if (current.expiresAt.getTime() <= Date.now() || current.attempts >= maxCodeAttempts) throw new AppError("MFA_CODE_EXPIRED");
  if (current.codeHash !== codeHash(userId, purpose, code)) {
    await db.oneTimeCode.update({ where: { id: current.id }, data: { attempts: { increment: 1 } } });
    throw new AppError("MFA_CODE_MISMATCH");
  }
  if (!options.peek) await db.oneTimeCode.update({ where: { id: current.id }, data: { consumedAt: new Date() } });
  return current;
}

/** Redeems a link code (hex), returning its user id. Single use. */
export async function redeemLinkCode(purpose: CodePurpose, code: string): Promise<number> {
  if (!/^[0-9a-f]{32}$/.test(code)) throw new AppError("INVALID_LINK");
  const row = await db.oneTimeCode.findUnique({ where: { codeHash: sha256Hex(code) } });
  if (!row || row.purpose !== purpose || row.consumedAt || row.expiresAt.getTime() <= Date.now()) throw new AppError("INVALID_LINK");
  const updated = await db.oneTimeCode.updateMany({ where: { id: row.id, consumedAt: null }, data: { consumedAt: new Date() } });
  if (updated.count !== 1) throw new AppError("INVALID_LINK");
  return row.userId;
}

/** Whether a link code is still redeemable, without spending it (to render the page). */
export async function linkCodeIsLive(purpose: CodePurpose, code: string): Promise<boolean> {
  if (!/^[0-9a-f]{32}$/.test(code)) return false;
  const row = await db.oneTimeCode.findUnique({ where: { codeHash: sha256Hex(code) } });
  return !!row && row.purpose === purpose && !row.consumedAt && row.expiresAt.getTime() > Date.now();
}
