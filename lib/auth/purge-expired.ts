import { z } from "zod";
import { db } from "@/lib/db/client";
import { defineJob } from "@/lib/queue/define-job";
import { retryPolicies } from "@/lib/queue/retry-policies";

const dayMs = 24 * 60 * 60_000;

/**
 * Housekeeping of the sign-in tables: sessions past their expiry are marked ended (so session
 * logs tell the truth), and one-time codes spent or expired for over a day are deleted.
 */
export async function purgeExpiredAuth(now = new Date()) {
  const endedSessions = await db.authSession.updateMany({
    where: { endedAt: null, expiresAt: { lte: now } },
    data: { endedAt: now, endReason: "expired" },
  });
  const cutoff = new Date(now.getTime() - dayMs);
  const deletedCodes = await db.oneTimeCode.deleteMany({
    where: { OR: [{ expiresAt: { lte: cutoff } }, { consumedAt: { lte: cutoff } }] },
  });
  return { endedSessions: endedSessions.count, deletedCodes: deletedCodes.count };
}

/** Job maintenance.purge-expired-auth (repeating, every 15 minutes). */
export const purgeExpiredAuthJob = defineJob({
  name: "maintenance.purge-expired-auth",
  queue: "maintenance",
  payload: z.object({}).strict(),
  retry: retryPolicies.once,
  everyMs: () => 15 * 60_000,
  handler: async () => purgeExpiredAuth(),
});
