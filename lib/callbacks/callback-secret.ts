import { createHmac } from "node:crypto";
import { db } from "@/lib/db/client";
import { decryptSecret, encryptSecret } from "@/lib/security/encryption";
import { randomHex } from "@/lib/security/random";

/** The ConfigValue row (per organisation) holding the callback signing secret, encrypted at rest. */
export const callbackSecretName = "callback_secret";

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

/** X-Rubrica-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function callbackSignature(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${v1}`;
}
