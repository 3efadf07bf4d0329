import { appendAuditEvent } from "@/lib/audit/audit-event";
import { logOperation } from "@/lib/audit/operation-log";
import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import { afterValidationCompleted } from "@/lib/validation-process/after-completed";
import { organizationProcess } from "./process-detail";
import { rejectValidationInput } from "./schemas";
import { recordValidationEvent } from "@/lib/webhooks/record-event";

// Staff decide a validation process that waits in review (spec §4: "Rejection of a validation is irreversible").
// Accept → COMPLETED, reject (with a reason) → REJECTED; either is final, so a second decision is refused with
// VALIDATION_PROCESS_DECIDED and a process that is not in review with VALIDATION_PROCESS_NOT_IN_REVIEW. The
// evidences that waited for a person are settled with the decision kept in their checkDetail.

export type ValidationDecision = { result: 1; processHexId: string; status: "COMPLETED" | "REJECTED"; reviewedAt: string };

async function decide(context: AuthContext, processHexId: string, accepted: boolean, reason: string | null, ip: string) {
  const found = await organizationProcess(context, processHexId);
  const now = new Date();
  const status = accepted ? "COMPLETED" : "REJECTED";
  await db.$transaction(async (tx) => {
    // The status is the guard: of two staff deciding at once, only the first changes the row.
    const changed = await tx.validationProcess.updateMany({
      where: { id: found.id, status: "IN_REVIEW" },
      data: accepted
        ? { status, completedAt: now, reviewedById: context.userId, reviewedAt: now }
        : { status, rejectedAt: now, rejectionReason: reason, reviewedById: context.userId, reviewedAt: now },
    });
    if (changed.count === 0) {
      const current = await tx.validationProcess.findUniqueOrThrow({ where: { id: found.id }, select: { status: true, reviewedAt: true } });
      if (current.reviewedAt !== null || current.status === "COMPLETED" || current.status === "REJECTED")
        throw new AppError("VALIDATION_PROCESS_DECIDED", { status: current.status });
      throw new AppError("VALIDATION_PROCESS_NOT_IN_REVIEW", { status: current.status });
    }
    const waiting = await tx.evidence.findMany({ where: { validationProcessId: found.id, check: "IN_REVIEW" } });
    const review = { decision: accepted ? "ACCEPT" : "REJECT", reason, by: context.userId, at: now.toISOString() };
    for (const evidence of waiting) {
      const previous = (evidence.checkDetail ?? {}) as Record<string, unknown>;
      await tx.evidence.update({
        where: { id: evidence.id },
        data: { check: accepted ? "VERIFIED" : "FAILED", checkDetail: { ...previous, review } as Prisma.InputJsonValue },
      });
    }
    const event = accepted ? "VALIDATION_PROCESS_ACCEPT" : "VALIDATION_PROCESS_REJECT";
    await logOperation(
      {
        module: "FIRMA",
        organizationId: context.organizationId,
        userId: context.userId,
        event,
        ip,
        recordId: found.hexId,
        action: `${event} process=${found.hexId}`,
      },
      tx,
    );
    await appendAuditEvent(tx, { validationProcessId: found.id }, accepted ? "validation.accepted" : "validation.rejected", {
      by: context.userId,
      reason,
      evidences: waiting.map((evidence) => evidence.hexId),
    });
    await recordValidationEvent(tx, found.id, accepted ? "validation.completed" : "validation.rejected");
  });
  // Committed: the accepted process gets its evidence stamped and its validation certificate made.
  if (accepted) await afterValidationCompleted(found.id);
  return { result: 1, processHexId: found.hexId, status, reviewedAt: now.toISOString() } satisfies ValidationDecision;
}

/** POST /api/validation-processes/{processHexId}/accept */
export function acceptValidationProcess(context: AuthContext, processHexId: string, ip: string) {
  return decide(context, processHexId, true, null, ip);
}

/** POST /api/validation-processes/{processHexId}/reject {reason} */
export function rejectValidationProcess(context: AuthContext, processHexId: string, raw: unknown, ip: string) {
  const { reason } = rejectValidationInput.parse(raw);
  return decide(context, processHexId, false, reason, ip);
}
