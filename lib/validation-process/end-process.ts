import { appendAuditEvent } from "@/lib/audit/audit-event";
import type { RequestMeta } from "@/lib/auth/sessions";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { lastEvidenceId, restartEventType } from "@/lib/evidence/captured-evidence";
import { lockProcess } from "@/lib/evidence/identity-process";
import { checkIdentityRegistry } from "@/lib/evidence/registry-check";
import { rejectionInput } from "@/lib/signing/reject-process";
import { liveValidationStatuses } from "@/lib/validations/statuses";
import { liveValidationAccess, validationAccess, validationRound } from "./validation-access";
import { recordValidationEvent } from "@/lib/webhooks/record-event";
import { validationPage } from "./validation-pages";

// The validation process's own calls besides its steps: start again after finishedAttempts, the person's rejection
// (irreversible, spec §4), the verify call of spec §7 and the identity registry check.

/**
 * POST /api/validation-process/{processHexId}/restart, after finishedAttempts: the process goes back to its first step
 * with a fresh count, as a signer's. Evidence already captured stays stored (it is part of the trail) but counts toward
 * no step, and the data is captured again.
 */
export async function restartValidation(processHexId: string, urlSign: string | null, meta: RequestMeta) {
  const access = await liveValidationAccess(processHexId, urlSign, meta.ip);
  const { process } = access;
  if (process.status !== "ATTEMPTS_EXHAUSTED") throw new AppError("RESTART_NOT_NEEDED");
  const round = validationRound(process);
  await db.$transaction(async (tx) => {
    await lockProcess(tx, round);
    const updated = await tx.validationProcess.updateMany({
      where: { id: process.id, status: "ATTEMPTS_EXHAUSTED" },
      data: { status: "IN_PROGRESS", currentStep: 0, attempts: 0, restarts: { increment: 1 }, dataCapturedAt: null },
    });
    if (updated.count === 0) throw new AppError("RESTART_NOT_NEEDED");
    // Where the new round's evidence begins: what came before stays in the trail but counts toward no step.
    const evidenceBefore = await lastEvidenceId(tx, round);
    await appendAuditEvent(tx, round.audit, restartEventType(round), { evidenceBefore, ip: meta.ip, userAgent: meta.userAgent });
  });
  return { result: 1, next: validationPage({ status: "IN_PROGRESS", currentStep: 0, dataCapturedAt: null }, access.steps) };
}

/**
 * POST /api/validation-process/{processHexId}/reject {reason}: the person declines to be validated. Irreversible: the
 * process is REJECTED and every later call is refused with that state.
 */
export async function rejectValidation(processHexId: string, urlSign: string | null, raw: unknown, meta: RequestMeta) {
  const input = rejectionInput.parse(raw);
  const { process } = await liveValidationAccess(processHexId, urlSign, meta.ip);
  await db.$transaction(async (tx) => {
    await lockProcess(tx, validationRound(process));
    const updated = await tx.validationProcess.updateMany({
      where: { id: process.id, status: { in: [...liveValidationStatuses] } },
      data: { status: "REJECTED", rejectedAt: new Date(), rejectionReason: input.reason },
    });
    if (updated.count === 0) {
      const { status } = await tx.validationProcess.findUniqueOrThrow({ where: { id: process.id }, select: { status: true } });
      throw new AppError("LINK_ENDED", { state: status, status });
    }
    await appendAuditEvent(tx, { validationProcessId: process.id }, "subject.rejected", {
      reason: input.reason,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    await recordValidationEvent(tx, process.id, "validation.rejected");
  });
  return { result: 1, status: "REJECTED" as const };
}

/**
 * GET /api/validation/verify/{processHexId} (spec §7 "GET {verify path}"): the process's status and the state that
 * ended it, if any, for pages to check before each step. A wrong or missing secret is answered as an unknown process.
 */
export async function verifyValidationProcess(processHexId: string, urlSign: string | null, ip: string) {
  const { process, state } = await validationAccess(processHexId, urlSign, ip);
  return { status: process.status, linkState: state };
}

/** Whether a process id is a validation process's (a signer's otherwise), for the calls both kinds share. */
export async function isValidationProcess(processHexId: string): Promise<boolean> {
  if (!/^[0-9a-f]{32}$/.test(processHexId)) return false;
  return (await db.validationProcess.count({ where: { hexId: processHexId } })) > 0;
}

/**
 * GET /api/centralRecord/saveCRIEvidence/{processHexId} for a validation process: the person's captured identity
 * checked against the government identity registry (lib/evidence/registry-check.ts), kept as its evidence.
 */
export async function saveValidationCriEvidence(processHexId: string, urlSign: string | null, meta: RequestMeta) {
  const { process } = await liveValidationAccess(processHexId, urlSign, meta.ip);
  return checkIdentityRegistry({ ...validationRound(process), hexId: process.hexId }, process);
}
