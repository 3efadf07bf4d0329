import type { AuthContext } from "@/lib/auth/context";
import { assertPerson } from "@/lib/api-keys/key-records";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { decryptSecret, encryptSecret } from "@/lib/security/encryption";
import { randomHex } from "@/lib/security/random";
import { rateLimits } from "@/lib/security/rate-limits";
import { enforceRateLimit } from "@/lib/security/rate-limit";

/** The ConfigValue row (per organisation) holding the callback signing secret, encrypted at rest. */
export const callbackSecretName = "callback_secret";
/** The secret before the last rotation, encrypted: `{ secret, expiresAt }` as JSON. */
export const previousCallbackSecretName = "callback_secret_previous";
/** When an administrator was shown the current secret (ISO date); it is shown once, then only a rotation shows one. */
export const callbackSecretRevealedName = "callback_secret_revealed";
/** How long the secret before a rotation keeps signing. */
export const callbackRotationOverlapMs = 24 * 3600_000;

/**
 * The organisation's callback signing secret, created on first use. Two jobs racing to create it
 * both end up with the row that won (the name is unique per organisation).
 */
export async function organizationCallbackSecret(organizationId: number): Promise<string> {
  const where = { organizationId_name: { organizationId, name: callbackSecretName } };
  const existing = await db.configValue.findUnique({ where, select: { value: true } });
  if (existing) return decryptSecret(existing.value);
  const fresh = `whsec_${randomHex(32)}`;
  await db.configValue.createMany({
    data: [{ organizationId, name: callbackSecretName, value: encryptSecret(fresh) }],
    skipDuplicates: true,
  });
  const stored = await db.configValue.findUniqueOrThrow({ where, select: { value: true } });
  return decryptSecret(stored.value);
}

/** The secret before the last rotation while it still signs, with its end. */
async function previousCallbackSecret(organizationId: number, now: Date): Promise<{ secret: string; expiresAt: Date } | null> {
  const row = await db.configValue.findUnique({
    where: { organizationId_name: { organizationId, name: previousCallbackSecretName } },
    select: { value: true },
  });
  if (!row) return null;
  const previous = JSON.parse(decryptSecret(row.value)) as { secret: string; expiresAt: string };
  const expiresAt = new Date(previous.expiresAt);
  return expiresAt > now ? { secret: previous.secret, expiresAt } : null;
}

/** The secrets that sign a callback now: the current one, and the one before a rotation for 24 h after it. */
export async function organizationCallbackSecrets(organizationId: number, now = new Date()): Promise<string[]> {
  const [current, previous] = await Promise.all([organizationCallbackSecret(organizationId), previousCallbackSecret(organizationId, now)]);
  return previous ? [current, previous.secret] : [current];
}

export type CallbackSecretState = { revealed: boolean; previousSecretExpiresAt: string | null };

export async function callbackSecretState(context: AuthContext, now = new Date()): Promise<CallbackSecretState> {
  assertPerson(context);
  const [revealed, previous] = await Promise.all([
    db.configValue.findUnique({
      where: { organizationId_name: { organizationId: context.organizationId, name: callbackSecretRevealedName } },
    }),
    previousCallbackSecret(context.organizationId, now),
  ]);
  return { revealed: revealed !== null, previousSecretExpiresAt: previous?.expiresAt.toISOString() ?? null };
}

/**
 * The organisation's callback secret, to an administrator, once: whoever reveals it first gets it (two at once:
 * one of them), and after that only a rotation shows a secret (CALLBACK_SECRET_REVEALED).
 */
export async function revealCallbackSecret(context: AuthContext, ip: string): Promise<{ secret: string }> {
  assertPerson(context);
  await enforceRateLimit(rateLimits.callbackSecret, context.userId);
  const secret = await organizationCallbackSecret(context.organizationId);
  const marked = await db.configValue.createMany({
    data: [{ organizationId: context.organizationId, name: callbackSecretRevealedName, value: new Date().toISOString() }],
    skipDuplicates: true,
  });
  if (marked.count === 0) throw new AppError("CALLBACK_SECRET_REVEALED");
  await logOperation({
    module: "ORGANIZACION",
    organizationId: context.organizationId,
    userId: context.userId,
    event: "CALLBACK_SECRET_REVEAL",
    ip,
    action: "reveal callback secret",
  });
  return { secret };
}

/** A new callback secret, shown in this answer only; the one it replaces keeps signing for 24 h. */
export async function rotateCallbackSecret(context: AuthContext, ip: string, now = new Date()): Promise<{ secret: string }> {
  assertPerson(context);
  await enforceRateLimit(rateLimits.callbackSecret, context.userId);
  const current = await organizationCallbackSecret(context.organizationId);
  const secret = `whsec_${randomHex(32)}`;
  const organizationId = context.organizationId;
  const previous = encryptSecret(
    JSON.stringify({ secret: current, expiresAt: new Date(now.getTime() + callbackRotationOverlapMs).toISOString() }),
  );
  await db.$transaction(async (tx) => {
    const upsert = (name: string, value: string) =>
      tx.configValue.upsert({
        where: { organizationId_name: { organizationId, name } },
        create: { organizationId, name, value },
        update: { value },
      });
    await upsert(callbackSecretName, encryptSecret(secret));
    await upsert(previousCallbackSecretName, previous);
    await upsert(callbackSecretRevealedName, now.toISOString());
    await logOperation(
      {
        module: "ORGANIZACION",
        organizationId,
        userId: context.userId,
        event: "CALLBACK_SECRET_ROTATE",
        ip,
        action: "rotate callback secret",
      },
      tx,
    );
  });
  return { secret };
}
