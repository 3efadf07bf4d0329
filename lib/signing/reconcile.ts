import { z } from "zod";
import { db } from "@/lib/db/client";
import { enqueueJobs } from "@/lib/queue/enqueue";
import { sealDocumentJob } from "./pdf-jobs";

export const reconcileSigningPayload = z.object({}).strict();

/**
 * The database is the source of truth for what remains to be done; Redis only schedules it. A job
 * lost with Redis (a restart without persistence, a flush) is found here again: every shipment that
 * completed more than a minute ago and is still unsealed gets its seal job back. Sealing signs for
 * any signer whose own job was lost, and every handler is idempotent, so a job that was not lost
 * after all does nothing twice.
 */
export async function reconcileSigning(now = new Date()): Promise<{ requeued: number }> {
  const unsealed = await db.document.findMany({
    where: { status: "COMPLETED", sealedAt: null, completedAt: { lt: new Date(now.getTime() - 60_000) } },
    select: { id: true },
    orderBy: { completedAt: "asc" },
    take: 500,
  });
  await enqueueJobs(unsealed.map((d) => sealDocumentJob(d.id)));
  return { requeued: unsealed.length };
}
