import type { Tx } from "@/lib/db/client";
import { type CapturedKind, isCapturedKind } from "./evidence-steps";
import type { EvidenceRound } from "./identity-process";

/** The audit event of a restart after finishedAttempts (signer.restarted); its payload says where the new round's evidence begins. */
export const restartEventType = (round: Pick<EvidenceRound, "person">) => `${round.person}.restarted`;

export type Client = Pick<Tx, "auditEvent" | "evidence">;

/**
 * The id after which the process's current round of evidence begins: after a restart every step is
 * redone, so what was captured before it (kept for the trail) no longer counts toward a step.
 */
async function roundStart(client: Client, round: EvidenceRound): Promise<number> {
  const restart = await client.auditEvent.findFirst({
    where: {
      ...round.audit,
      type: restartEventType(round),
      ...("signer" in round.actor ? { payload: { path: ["signer"], equals: round.actor.signer } } : {}),
    },
    orderBy: { sequence: "desc" },
    select: { payload: true },
  });
  const payload = restart?.payload as { evidenceBefore?: unknown } | null | undefined;
  return typeof payload?.evidenceBefore === "number" ? payload.evidenceBefore : 0;
}

/** The last evidence id a process has now: a restart records it, so the next round starts after it. */
export async function lastEvidenceId(client: Client, round: Pick<EvidenceRound, "owner">): Promise<number> {
  const last = await client.evidence.findFirst({ where: round.owner, orderBy: { id: "desc" }, select: { id: true } });
  return last?.id ?? 0;
}

/**
 * Which captures of a step the person already sent in this round (the ID's front, its rear...). A
 * capture whose check FAILED (a selfie with no face) does not count: the person takes it again.
 */
export async function capturedInStep(client: Client, round: EvidenceRound, stepPosition: number): Promise<CapturedKind[]> {
  const after = await roundStart(client, round);
  const rows = await client.evidence.findMany({
    where: { ...round.owner, stepPosition, id: { gt: after }, check: { not: "FAILED" } },
    select: { kind: true },
    distinct: ["kind"],
  });
  return rows.map((row) => row.kind).filter(isCapturedKind);
}

/** The process's latest evidence of one kind for a step in this round, or null; `usable` leaves out what FAILED its check. */
export async function latestInStep(
  client: Client,
  round: EvidenceRound,
  stepPosition: number,
  kind: CapturedKind,
  options: { usable?: boolean; before?: number } = {},
) {
  const after = await roundStart(client, round);
  return client.evidence.findFirst({
    where: {
      ...round.owner,
      stepPosition,
      kind,
      id: { gt: after, ...(options.before !== undefined ? { lt: options.before } : {}) },
      ...(options.usable ? { check: { not: "FAILED" as const } } : {}),
    },
    orderBy: { id: "desc" },
  });
}

/** Whether an evidence belongs to the process's current round (no restart came after it). */
export async function inCurrentRound(client: Client, round: EvidenceRound, evidenceId: number): Promise<boolean> {
  return evidenceId > (await roundStart(client, round));
}
