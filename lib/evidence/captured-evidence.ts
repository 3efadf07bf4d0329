import { db, type Tx } from "@/lib/db/client";
import { type CapturedKind, isCapturedKind } from "./evidence-steps";
import { signerSteps } from "@/lib/signing/steps";

/** The audit event of a restart after finishedAttempts; its payload says where the new round's evidence begins. */
export const restartEventType = "signer.restarted";

export type Client = Pick<Tx, "auditEvent" | "evidence">;

/**
 * The id after which the signer's current round of evidence begins: after a restart every step is
 * redone, so what was captured before it (kept for the trail) no longer counts toward a step.
 */
async function roundStart(client: Client, signer: { hexId: string; documentId: number }): Promise<number> {
  const restart = await client.auditEvent.findFirst({
    where: { documentId: signer.documentId, type: restartEventType, payload: { path: ["signer"], equals: signer.hexId } },
    orderBy: { sequence: "desc" },
    select: { payload: true },
  });
  const payload = restart?.payload as { evidenceBefore?: unknown } | null | undefined;
  return typeof payload?.evidenceBefore === "number" ? payload.evidenceBefore : 0;
}

/** The last evidence id a signer has now: a restart records it, so the next round starts after it. */
export async function lastEvidenceId(client: Client, signerId: number): Promise<number> {
  const last = await client.evidence.findFirst({ where: { signerId }, orderBy: { id: "desc" }, select: { id: true } });
  return last?.id ?? 0;
}

/**
 * Which captures of a step the signer already sent in this round (the ID's front, its rear...). A
 * capture whose check FAILED (a selfie with no face) does not count: the signer takes it again.
 */
export async function capturedInStep(
  client: Client,
  signer: { id: number; hexId: string; documentId: number },
  stepPosition: number,
): Promise<CapturedKind[]> {
  const after = await roundStart(client, signer);
  const rows = await client.evidence.findMany({
    where: { signerId: signer.id, stepPosition, id: { gt: after }, check: { not: "FAILED" } },
    select: { kind: true },
    distinct: ["kind"],
  });
  return rows.map((row) => row.kind).filter(isCapturedKind);
}

/** The signer's latest evidence of one kind for a step in this round, or null; `usable` leaves out what FAILED its check. */
export async function latestInStep(
  client: Client,
  signer: { id: number; hexId: string; documentId: number },
  stepPosition: number,
  kind: CapturedKind,
  options: { usable?: boolean; before?: number } = {},
) {
  const after = await roundStart(client, signer);
  return client.evidence.findFirst({
    where: {
      signerId: signer.id,
      stepPosition,
      kind,
      id: { gt: after, ...(options.before !== undefined ? { lt: options.before } : {}) },
      ...(options.usable ? { check: { not: "FAILED" as const } } : {}),
    },
    orderBy: { id: "desc" },
  });
}

/** Whether an evidence belongs to the signer's current round (no restart came after it). */
export async function inCurrentRound(client: Client, signer: { hexId: string; documentId: number }, evidenceId: number): Promise<boolean> {
  return evidenceId > (await roundStart(client, signer));
}

/**
 * For a capture page: what its step already has, so that a page reloaded after the ID's front was
 * sent asks for the rear and not for the front again.
 */
export async function capturedForCurrentStep(processHexId: string): Promise<CapturedKind[]> {
  const signer = await db.signer.findUnique({
    where: { hexId: processHexId },
    select: {
      id: true,
      hexId: true,
      documentId: true,
      currentStep: true,
      document: { select: { flow: { select: { steps: { select: { position: true, type: true } } } } } },
    },
  });
  if (!signer) return [];
  const step = signerSteps(signer.document.flow?.steps ?? [])[signer.currentStep];
  return step ? capturedInStep(db, signer, step.position) : [];
}
