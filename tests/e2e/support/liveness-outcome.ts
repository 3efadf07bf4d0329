import { db } from "@/lib/db/client";

/**
 * What the liveness judge said of a process's latest video (evidence.checkDetail.livenessCheck), in one line: what a
 * browser test prints when the page did not move on after a recording, so a failure says why (a prompt not seen, no
 * voice, another face) instead of only where the page stood.
 */
export async function livenessOutcome(where: { validationProcessHexId: string } | { signerHexId: string }): Promise<string> {
  const owner =
    "validationProcessHexId" in where
      ? { validationProcess: { hexId: where.validationProcessHexId } }
      : { signer: { hexId: where.signerHexId } };
  const video = await db.evidence.findFirst({ where: { kind: "VIDEO", ...owner }, orderBy: { id: "desc" } });
  if (!video) return "no video stored";
  const check = (video.checkDetail as { livenessCheck?: Record<string, unknown> } | null)?.livenessCheck;
  if (!check) return `video ${video.hexId}: no liveness check yet (${video.check})`;
  const { result, decision, reason, reasons, movement, frames } = check as {
    result?: string;
    decision?: string;
    reason?: string;
    reasons?: string[];
    movement?: unknown;
    frames?: unknown;
  };
  return `video ${video.hexId}: ${JSON.stringify({ result, decision, reason, reasons, movement, frames })}`;
}
