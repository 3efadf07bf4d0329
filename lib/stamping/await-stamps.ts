import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { stampingConfig, type StampingConfig } from "./networks";

export type StampWait = "off" | "stamped" | "pending";

/**
 * Before a shipment is sealed: gives the evidence of its signers a bounded time to be stamped on chain,
 * so the audit certificate sealed into the PDF carries their transaction ids. A signer's completion
 * already asked for a stamping run within seconds (stampSoonJob). "pending" when the time runs out (a
 * chain that is slow or down): the seal goes ahead, a PDF is never held back by a chain, and the
 * stamps still appear on /validateDocs once the batch is confirmed.
 */
export async function awaitEvidenceStamps(
  documentId: number,
  options: { timeoutMs?: number; pollMs?: number; config?: StampingConfig } = {},
): Promise<StampWait> {
  return awaitStamps({ signer: { documentId } }, options);
}

/**
 * The same bounded wait for any set of evidence: a validation process's before its certificate is sealed
 * (lib/validation-process/certificate-job.ts).
 */
export async function awaitStamps(
  evidence: Prisma.EvidenceWhereInput,
  options: { timeoutMs?: number; pollMs?: number; config?: StampingConfig } = {},
): Promise<StampWait> {
  const config = options.config ?? stampingConfig();
  if (config.networks.length === 0) return "off";
  const deadline = Date.now() + (options.timeoutMs ?? env().STAMPING_SEAL_WAIT_MS);
  // Looked at often at first (a local or fast chain stamps within a second or so), then less and less
  // often, up to once a second (a slow chain takes minutes: no need to ask the database 10 times a second).
  let pause = options.pollMs ?? 100;
  for (;;) {
    const waiting = await db.evidence.count({
      where: { AND: [evidence, { OR: [{ stamping: null }, { stamping: { code: { not: 200 } } }, { stamping: { code: null } }] }] },
    });
    if (waiting === 0) return "stamped";
    if (Date.now() >= deadline) return "pending";
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(0, deadline - Date.now()))));
    if (options.pollMs === undefined) pause = Math.min(1_000, pause * 1.5);
  }
}
