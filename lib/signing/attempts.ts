import { appendAuditEvent } from "@/lib/audit/audit-event";
import { getConfigNumber } from "@/lib/config/values";
import { db, type Tx } from "@/lib/db/client";
import { lockDocumentById } from "@/lib/documents/lock-document";
import { AppError } from "@/lib/errors/app-error";
import type { RequestMeta } from "@/lib/auth/sessions";
import { lastEvidenceId, restartEventType } from "@/lib/evidence/captured-evidence";
import { liveSignerAccess } from "./signer-access";
import type { StepType } from "@/lib/db/generated/enums";

/**
 * A capture that failed (time ran out reading the digits, no face, a face check that did not match)
 * counts as an attempt at the current step. At the step's maxAttempts, or max_capture_attempts from
 * the configuration, the process goes to finishedAttempts: the signer starts again from the
 * beginning, perhaps on another device.
 */
export async function recordFailedAttempt(
  signerId: number,
  step: StepType,
  reason: string,
): Promise<{ attempts: number; exhausted: boolean }> {
  return db.$transaction((tx) => countFailedAttempt(tx, signerId, step, reason));
}

/** The same inside the caller's transaction (a face check settles its evidence and the attempt together). */
export async function countFailedAttempt(
  tx: Tx,
  signerId: number,
  step: StepType,
  reason: string,
): Promise<{ attempts: number; exhausted: boolean }> {
  const signer = await tx.signer.findUniqueOrThrow({
    where: { id: signerId },
    select: { id: true, hexId: true, documentId: true, document: { select: { organizationId: true, flow: { select: { steps: true } } } } },
  });
  await lockDocumentById(tx, signer.documentId);
  const fresh = await tx.signer.findUniqueOrThrow({ where: { id: signerId }, select: { attempts: true, status: true } });
  const configured = signer.document.flow?.steps.find((s) => s.type === step)?.maxAttempts;
  const max = configured ?? (await getConfigNumber(signer.document.organizationId, "max_capture_attempts"));
  const attempts = fresh.attempts + 1;
  const exhausted = attempts >= max;
  // A live process (opened or not yet) ends its round here; an ended one only counts.
  const live = fresh.status === "IN_PROGRESS" || fresh.status === "PENDING";
  await tx.signer.update({ where: { id: signerId }, data: { attempts, ...(exhausted && live ? { status: "ATTEMPTS_EXHAUSTED" } : {}) } });
  await appendAuditEvent(tx, { documentId: signer.documentId }, exhausted ? "signer.attempts-exhausted" : "signer.attempt-failed", {
    signer: signer.hexId,
    step,
    reason,
    attempts,
    max,
  });
  return { attempts, exhausted };
}

/**
 * finishedAttempts → "start again": the process goes back to its first step with a fresh count.
 * Evidence already captured stays stored (it is part of the trail) but the steps must be redone.
 */
export async function restartProcess(processHexId: string, urlSign: string | null, meta: RequestMeta) {
  const access = await liveSignerAccess(processHexId, urlSign, meta.ip);
  if (access.signer.status !== "ATTEMPTS_EXHAUSTED") throw new AppError("RESTART_NOT_NEEDED");
  await db.$transaction(async (tx) => {
    await lockDocumentById(tx, access.signer.documentId);
    const updated = await tx.signer.updateMany({
      where: { id: access.signer.id, status: "ATTEMPTS_EXHAUSTED" },
      data: { status: "IN_PROGRESS", currentStep: 0, attempts: 0, termsAccepted: false },
    });
    if (updated.count === 0) throw new AppError("RESTART_NOT_NEEDED");
    // Where the new round's evidence begins: what came before stays in the trail but counts toward no step.
    const evidenceBefore = await lastEvidenceId(tx, { owner: { signerId: access.signer.id } });
    await appendAuditEvent(tx, { documentId: access.signer.documentId }, restartEventType({ person: "signer" }), {
      signer: access.signer.hexId,
      evidenceBefore,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
  });
  return { result: 1, next: `/signature-process/home-page/${urlSign}/${processHexId}` };
}
