import type { AuditSubject } from "@/lib/audit/audit-event";
import type { Tx } from "@/lib/db/client";
import type { ProcessStatus, StepType } from "@/lib/db/generated/enums";
import { lockDocumentById } from "@/lib/documents/lock-document";

// The seam between the evidence pipeline (lib/evidence: capture, uploads, stamping, face and
// liveness checks, registry check, geolocation) and the processes that establish who someone is:
// a signer of a shipment (lib/signing/signer-identity.ts) and a validation process, an identity
// check without a document (lib/validation-process). The pipeline takes these types, never a signer
// or validation row, so both processes run the same capture and check code.

/** The rows an Evidence or a Location hangs from; spread as it is into a Prisma `where` or `data`. */
export type EvidenceOwner = { signerId: number } | { validationProcessId: number };

/** A flow step as the pipeline reads it (the FlowStep row and its document type fit). */
export type IdentityFlowStep = {
  position: number;
  type: StepType;
  compareWithPosition: number | null;
  compareTarget: string | null;
  maxAttempts?: number | null;
  expiryMinutes?: number | null;
  documentType?: { hasRear: boolean } | null;
};

/** What a round of evidence is counted against: after a restart every step is redone from nothing. */
export type EvidenceRound = {
  owner: EvidenceOwner;
  /** The audit trail that records the process (a shipment's document, or the validation process itself). */
  audit: AuditSubject;
  /** What each event of that trail names the person by: { signer: hexId } in a shipment's trail, nothing in a validation's own. */
  actor: { signer: string } | Record<string, never>;
  /** How the trail calls the person: "signer" (signer.location, signer.restarted…) or "subject". */
  person: "signer" | "subject";
};

/** One identity process, whichever flow runs it. */
export type IdentityProcess = EvidenceRound & {
  /** The spec's processType: ENVIO (a signer of a shipment) or VALIDACION (a validation process). */
  type: "ENVIO" | "VALIDACION";
  id: number;
  hexId: string;
  organizationId: number;
  /** Every step of its flow, as configured. */
  flowSteps: readonly IdentityFlowStep[];
};

/**
 * What the process's own flow does with the evidence pipeline's results, always inside the caller's
 * transaction once lockProcess holds the process: the signer's is lib/signing/signer-identity.ts.
 */
export type ProcessFlow = {
  /** The steps the person goes through, in order (the flow's steps that have a page in this process). */
  steps: readonly IdentityFlowStep[];
  /** Where the process stands now (read under the lock). */
  state(tx: Tx): Promise<{ status: ProcessStatus; currentStep: number }>;
  /** The current step is done: the next one, or the end of the process (`finished`). */
  advance(tx: Tx, currentStep: number): Promise<{ nextStep: number; finished: boolean }>;
  /** A capture failed (no face, another person…): an attempt at the step; `exhausted` at its limit. */
  countFailedAttempt(tx: Tx, stepType: StepType, reason: string): Promise<{ attempts: number; exhausted: boolean }>;
  /** A check a person must decide (a video the liveness check could not): the process waits for staff. */
  putInReview(tx: Tx, evidenceHexId: string, reasons: string[]): Promise<void>;
  /** The refusal of a capture for a step that is not the current one, naming where the person goes instead. */
  outOfOrder(currentStep: number): Error;
  /** After the transaction that finished the process is committed. */
  afterFinished(): Promise<void>;
};

/** A process with its flow, as the check jobs settle evidence of it. */
export type CheckedProcess = { process: IdentityProcess; flow: ProcessFlow };

/** The processes whose evidence the check jobs settle, found by the evidence's owner; a kind not given is skipped. */
export type EvidenceProcesses = {
  signer?: (signerId: number) => Promise<CheckedProcess | null>;
  validation?: (validationProcessId: number) => Promise<CheckedProcess | null>;
};

export async function processOfEvidence(
  evidence: { signerId: number | null; validationProcessId: number | null },
  processes: EvidenceProcesses,
): Promise<CheckedProcess | null> {
  if (evidence.signerId !== null) return (await processes.signer?.(evidence.signerId)) ?? null;
  if (evidence.validationProcessId !== null) return (await processes.validation?.(evidence.validationProcessId)) ?? null;
  return null;
}

/**
 * Holds the process until the transaction ends, so that two uploads, or an upload and a check, are
 * applied one after the other: a signer through their shipment's document (the lock every change
 * of the shipment takes), a validation process through its own row.
 */
export async function lockProcess(tx: Tx, round: Pick<EvidenceRound, "audit">): Promise<void> {
  if ("documentId" in round.audit) {
    await lockDocumentById(tx, round.audit.documentId);
    return;
  }
  await tx.$queryRaw`SELECT id FROM "ValidationProcess" WHERE id = ${round.audit.validationProcessId} FOR UPDATE`;
}
