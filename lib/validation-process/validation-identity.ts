import { appendAuditEvent } from "@/lib/audit/audit-event";
import { getConfigNumber } from "@/lib/config/values";
import { db, type Tx } from "@/lib/db/client";
import type { StepType } from "@/lib/db/generated/enums";
import { AppError } from "@/lib/errors/app-error";
import { assertLocationReported } from "@/lib/evidence/add-geolocation";
import { capturedInStep } from "@/lib/evidence/captured-evidence";
import type { CapturedKind } from "@/lib/evidence/evidence-steps";
import {
  type CheckedProcess,
  type IdentityFlowStep,
  type IdentityProcess,
  lockProcess,
  type ProcessFlow,
} from "@/lib/evidence/identity-process";
import type { ChallengeHolder } from "@/lib/evidence/video-challenge";
import { afterValidationCompleted } from "./after-completed";
import { type ValidationAccess, validationRound } from "./validation-access";
import { recordValidationEvent } from "@/lib/webhooks/record-event";
import { validationPage, validationSteps } from "./validation-pages";

// The validation process as an identity process (lib/evidence/identity-process.ts): what the evidence pipeline needs
// to know of it, and what its flow does with the pipeline's results (the signer's twin: lib/signing/signer-identity.ts).

type ValidationWithFlow = { id: number; hexId: string; organizationId: number; flow: { steps: readonly IdentityFlowStep[] } };

export function validationIdentity(process: ValidationWithFlow): IdentityProcess {
  return {
    ...validationRound(process),
    type: "VALIDACION",
    id: process.id,
    hexId: process.hexId,
    organizationId: process.organizationId,
    flowSteps: process.flow.steps,
  };
}

/**
 * The current step is done, inside the caller's transaction (which holds the process's row): the next step with a
 * fresh attempt count; after the last one the process is COMPLETED. When `finished`, afterValidationCompleted follows
 * once the transaction is committed.
 */
export async function advanceValidationStep(tx: Tx, processId: number, currentStep: number, stepCount: number) {
  const nextStep = currentStep + 1;
  const finished = nextStep >= stepCount;
  const now = new Date();
  await tx.validationProcess.update({
    where: { id: processId },
    data: { currentStep: nextStep, attempts: 0, status: finished ? "COMPLETED" : "IN_PROGRESS", ...(finished ? { completedAt: now } : {}) },
  });
  if (finished) {
    await appendAuditEvent(tx, { validationProcessId: processId }, "validation.completed", { steps: stepCount });
    await recordValidationEvent(tx, processId, "validation.completed");
  }
  return { nextStep, finished };
}

/**
 * A capture that failed (no face, another person, a video out of time) counts as an attempt at the current step,
 * inside the caller's transaction once it holds the process. At the step's maxAttempts, or max_capture_attempts from
 * the configuration, the process goes to finishedAttempts (ATTEMPTS_EXHAUSTED): the person starts again.
 */
export async function countValidationAttempt(
  tx: Tx,
  process: ValidationWithFlow,
  stepType: StepType,
  reason: string,
): Promise<{ attempts: number; exhausted: boolean }> {
  const fresh = await tx.validationProcess.findUniqueOrThrow({ where: { id: process.id }, select: { attempts: true, status: true } });
  const configured = process.flow.steps.find((s) => s.type === stepType)?.maxAttempts;
  const max = configured ?? (await getConfigNumber(process.organizationId, "max_capture_attempts"));
  const attempts = fresh.attempts + 1;
  const exhausted = attempts >= max;
  // A live process ends its round here; an ended one only counts.
  const live = fresh.status === "IN_PROGRESS" || fresh.status === "PENDING";
  await tx.validationProcess.update({
    where: { id: process.id },
    data: { attempts, ...(exhausted && live ? { status: "ATTEMPTS_EXHAUSTED" } : {}) },
  });
  await appendAuditEvent(tx, { validationProcessId: process.id }, exhausted ? "subject.attempts-exhausted" : "subject.attempt-failed", {
    step: stepType,
    reason,
    attempts,
    max,
  });
  return { attempts, exhausted };
}

/** The same in a transaction of its own (a refused video recording). */
export function recordValidationAttempt(process: ValidationWithFlow, stepType: StepType, reason: string) {
  return db.$transaction(async (tx) => {
    await lockProcess(tx, validationRound(process));
    return countValidationAttempt(tx, process, stepType, reason);
  });
}

/** The validation's flow: its steps, attempts and review on the ValidationProcess row, completion followed by afterValidationCompleted. */
export function validationFlow(process: ValidationWithFlow & { dataCapturedAt?: Date | null }): ProcessFlow {
  const steps = validationSteps(process.flow.steps);
  return {
    steps,
    state: (tx) => tx.validationProcess.findUniqueOrThrow({ where: { id: process.id }, select: { status: true, currentStep: true } }),
    advance: (tx, currentStep) => advanceValidationStep(tx, process.id, currentStep, steps.length),
    countFailedAttempt: (tx, stepType, reason) => countValidationAttempt(tx, process, stepType, reason),
    putInReview: async (tx, evidenceHexId, reasons) => {
      await tx.validationProcess.update({ where: { id: process.id }, data: { status: "IN_REVIEW" } });
      await appendAuditEvent(tx, { validationProcessId: process.id }, "subject.in-review", { evidence: evidenceHexId, reasons });
    },
    outOfOrder: (currentStep) => validationOutOfOrder(steps, currentStep, process.dataCapturedAt ?? null),
    afterFinished: () => afterValidationCompleted(process.id),
  };
}

/**
 * The refusal of a step that is not the current one, naming the page where the person goes instead (the data's
 * confirmation once the data of this round is captured).
 */
export function validationOutOfOrder(
  steps: readonly { position: number; type: StepType }[],
  currentStep: number,
  dataCapturedAt: Date | null,
): AppError {
  return new AppError("STEP_OUT_OF_ORDER", { page: validationPage({ status: "IN_PROGRESS", currentStep, dataCapturedAt }, steps) });
}

/** A validation process as the holder of video challenges: a refused recording counts as a failed attempt at its video step. */
export function validationChallengeHolder(process: ValidationWithFlow): ChallengeHolder {
  return { key: `validation:${process.id}`, recordFailedAttempt: (reason) => recordValidationAttempt(process, "VIDEO", reason) };
}

const validationForChecks = {
  id: true,
  hexId: true,
  organizationId: true,
  flow: { select: { steps: { include: { documentType: { select: { hasRear: true } } } } } },
} as const;

/** The validation process whose evidence a check job settles (lib/evidence/evidence-check-job.ts). */
export async function validationEvidenceProcess(validationProcessId: number): Promise<CheckedProcess | null> {
  const process = await db.validationProcess.findUnique({ where: { id: validationProcessId }, select: validationForChecks });
  return process ? { process: validationIdentity(process), flow: validationFlow(process) } : null;
}

/**
 * For a capture page: what its step already has in this round, so that a page reloaded after the ID's front was sent
 * asks for the rear and not for the front again (the validation twin of capturedForCurrentStep).
 */
export async function validationCapturedForCurrentStep(processHexId: string): Promise<CapturedKind[]> {
  if (!/^[0-9a-f]{32}$/.test(processHexId)) return [];
  const process = await db.validationProcess.findUnique({
    where: { hexId: processHexId },
    select: { id: true, currentStep: true, flow: { select: { steps: { select: { position: true, type: true } } } } },
  });
  if (!process) return [];
  const step = validationSteps(process.flow.steps)[process.currentStep];
  return step ? capturedInStep(db, validationRound(process), step.position) : [];
}

/** No step of a validation whose flow (or link) makes the location obligatory is completed before a position was reported. */
export async function assertValidationLocated(access: ValidationAccess): Promise<void> {
  await assertLocationReported(validationRound(access.process), access.obligatoryGeolocation);
}
