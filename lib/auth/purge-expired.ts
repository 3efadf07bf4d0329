import { db } from "@/lib/db/client";

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
