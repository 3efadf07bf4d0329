import { createHash } from "node:crypto";
import type { Tx } from "@/lib/db/client";

export type AuditSubject = { documentId: number } | { validationProcessId: number };

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Keys sorted at every level, so the same event always hashes the same way. */
function canonical(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key] ?? null)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

export function auditEventHash(input: {
  prevHash: string | null;
  sequence: number;
  type: string;
  payload: JsonValue;
  createdAt: Date;
}): string {
  return createHash("sha256")
    .update(`${input.prevHash ?? ""}\n${input.sequence}\n${input.type}\n${input.createdAt.toISOString()}\n${canonical(input.payload)}`)
    .digest("hex");
}

/**
 * Appends an event to the document's (or validation's) hash chain: each event's hash covers the
 * previous one, so removing or editing an event breaks every hash after it. The caller holds the
 * document's row lock (lockDocumentById), which orders concurrent appends.
 */
export async function appendAuditEvent(tx: Tx, subject: AuditSubject, type: string, payload: { [key: string]: JsonValue }) {
  const previous = await tx.auditEvent.findFirst({ where: subject, orderBy: { sequence: "desc" }, select: { sequence: true, hash: true } });
  const sequence = (previous?.sequence ?? 0) + 1;
  const createdAt = new Date();
  const prevHash = previous?.hash ?? null;
  const hash = auditEventHash({ prevHash, sequence, type, payload, createdAt });
  return tx.auditEvent.create({ data: { ...subject, sequence, type, payload, prevHash, hash, createdAt } });
}

/** Recomputes the chain; the first broken link's sequence, or null when intact. */
export async function verifyAuditChain(tx: Pick<Tx, "auditEvent">, subject: AuditSubject): Promise<number | null> {
  const events = await tx.auditEvent.findMany({ where: subject, orderBy: { sequence: "asc" } });
  let prevHash: string | null = null;
  for (const event of events) {
    const expected = auditEventHash({
      prevHash,
      sequence: event.sequence,
      type: event.type,
      payload: event.payload as JsonValue,
      createdAt: event.createdAt,
    });
    if (event.prevHash !== prevHash || event.hash !== expected) return event.sequence;
    prevHash = event.hash;
  }
  return null;
}
