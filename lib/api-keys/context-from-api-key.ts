import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { rateLimits } from "@/lib/security/rate-limits";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { roleAuthorities } from "./key-records";
import { apiKeyHash, isApiKeyShaped } from "./key-secret";

/** lastUsedAt is written at most this often, so a busy integration does not write on every call. */
const touchEveryMs = 60_000;

/**
 * The caller behind an API key: its API user, in its organisation, with the authorities of the
 * user's role read afresh on every call. A malformed, unknown (rotated or deleted) or disabled key
 * is UNAUTHENTICATED, without saying which.
 */
export async function contextFromApiKey(secret: string): Promise<AuthContext> {
  if (!isApiKeyShaped(secret)) throw new AppError("UNAUTHENTICATED");
  const key = await db.apiKey.findUnique({
    where: { keyHash: apiKeyHash(secret) },
    include: { organization: true, user: { include: { role: { include: { privileges: true } } } } },
  });
  if (!key || !key.enabled || !key.user.enabled || !key.organization.active) throw new AppError("UNAUTHENTICATED");
  await enforceRateLimit(rateLimits.apiKey, key.hexId);
  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > touchEveryMs) {
    await db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date() } });
  }
  return {
    userId: key.user.id,
    userHexId: key.user.hexId,
    email: key.user.email,
    firstName: key.user.firstName,
    lastName: key.user.lastName,
    organizationId: key.organizationId,
    organizationHexId: key.organization.hexId,
    organizationName: key.organization.name,
    // A key has no sign-in session: the key itself plays that part.
    sessionHexId: key.hexId,
    stage: "full",
    authorities: roleAuthorities(key.user.role?.privileges ?? []),
    changePassword: false,
    platformAdmin: false,
    // A key does not expire; it is disabled, rotated or deleted instead.
    exp: 0,
    apiKeyHexId: key.hexId,
  };
}
