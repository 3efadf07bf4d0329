import type { Tx } from "@/lib/db/client";
import type { EvidenceCheck } from "@/lib/db/generated/enums";
import { Prisma } from "@/lib/db/generated/client";
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

/**
 * latestInStep's kind, check and checkDetail in one statement, the round's start read in a subquery
 * (as roundStart reads it): what a signer page reads on every request (lib/signing/process-data.ts).
 */
export async function latestCheckInStep(
  client: Pick<Tx, "$queryRaw">,
  round: EvidenceRound,
  stepPosition: number,
  kind: CapturedKind,
): Promise<{ kind: string; check: EvidenceCheck; checkDetail: unknown } | null> {
  const owner =
    "signerId" in round.owner
      ? Prisma.sql`e."signerId" = ${round.owner.signerId}`
      : Prisma.sql`e."validationProcessId" = ${round.owner.validationProcessId}`;
  const audit =
    "documentId" in round.audit
      ? Prisma.sql`a."documentId" = ${round.audit.documentId}`
      : Prisma.sql`a."validationProcessId" = ${round.audit.validationProcessId}`;
  const actor = "signer" in round.actor ? Prisma.sql`AND a."payload" -> 'signer' = to_jsonb(${round.actor.signer}::text)` : Prisma.empty;
  const rows = await client.$queryRaw<{ kind: string; check: EvidenceCheck; checkDetail: unknown }[]>`
    SELECT e."kind"::text AS "kind", e."check"::text AS "check", e."checkDetail"
    FROM "Evidence" e
    WHERE ${owner} AND e."stepPosition" = ${stepPosition} AND e."kind"::text = ${kind}
      AND e."id" > COALESCE((
        SELECT CASE WHEN jsonb_typeof(a."payload" -> 'evidenceBefore') = 'number' THEN (a."payload" ->> 'evidenceBefore')::numeric END
        FROM "AuditEvent" a
        WHERE ${audit} AND a."type" = ${restartEventType(round)} ${actor}
        ORDER BY a."sequence" DESC LIMIT 1
      ), 0)
    ORDER BY e."id" DESC LIMIT 1`;
  return rows[0] ?? null;
}
