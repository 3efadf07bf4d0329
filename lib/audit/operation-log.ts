import { db } from "@/lib/db/client";
import type { Module } from "@/lib/db/generated/enums";
import type { Tx } from "@/lib/db/client";

export type OperationInput = {
  module: Module;
  organizationId: number;
  userId: number | null;
  /** What happened, e.g. LOGIN, LOGOUT, MFA_ACTIVATE, PASSWORD_CHANGE. */
  event: string;
  ip?: string;
  recordId?: string | number;
  action?: string;
};

/** Spec §3 detail: ip, user id, record id and action, as one readable line. */
export function operationDetail(input: OperationInput): string {
  return [
    `ip=${input.ip ?? "-"}`,
    `userId=${input.userId ?? "-"}`,
    `recordId=${input.recordId ?? "-"}`,
    `action=${input.action ?? input.event}`,
  ].join("; ");
}

/** Every staff action writes one row (spec §3 operation log). */
export async function logOperation(input: OperationInput, tx: Tx | typeof db = db) {
  return tx.operationLog.create({
    data: {
      moduleId: input.module,
      eventUserId: input.userId,
      operationEventId: input.event,
      detail: operationDetail(input),
      organizationId: input.organizationId,
    },
  });
}

/** Spec §3: eventTimestamp as YYYY-MM-DD HH:mm:ss (UTC). */
export function formatEventTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}
