import { appendAuditEvent } from "@/lib/audit/audit-event";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { assertLocationReported, type LocatedProcess } from "@/lib/evidence/add-geolocation";
import { capturedInStep } from "@/lib/evidence/captured-evidence";
import type { CapturedKind } from "@/lib/evidence/evidence-steps";
import type { CheckedProcess, EvidenceRound, IdentityFlowStep, IdentityProcess, ProcessFlow } from "@/lib/evidence/identity-process";
import { advanceSignerStep } from "./advance-step";
import { countFailedAttempt } from "./attempts";
import { afterSignerCompleted } from "./complete-signer";
import { liveSignerAccess, type SignerAccess } from "./signer-access";
import { signerStepPages, signerSteps } from "./steps";

// The signer as an identity process (lib/evidence/identity-process.ts): what the evidence pipeline
// needs to know of them, and what their flow does with its results.

type SignerRow = { id: number; hexId: string; documentId: number };
type SignerWithFlow = SignerRow & {
  startedAt: Date | null;
  document: { organizationId: number; flow: { steps: readonly IdentityFlowStep[] } | null };
};

/** A signer's evidence hangs from them and is recorded in their shipment's audit trail, naming them. */
export function signerRound(signer: SignerRow): EvidenceRound {
  return { owner: { signerId: signer.id }, audit: { documentId: signer.documentId }, actor: { signer: signer.hexId }, person: "signer" };
}

export function signerIdentity(signer: Omit<SignerWithFlow, "startedAt">): IdentityProcess {
  return {
    ...signerRound(signer),
    type: "ENVIO",
    id: signer.id,
    hexId: signer.hexId,
    organizationId: signer.document.organizationId,
    flowSteps: signer.document.flow?.steps ?? [],
  };
}

/** The signer's flow: their steps, the attempt count and review on the Signer row, completion of the shipment's signer. */
export function signerFlow(signer: SignerWithFlow): ProcessFlow {
  const steps = signerSteps(signer.document.flow?.steps ?? []);
  return {
    steps,
    state: (tx) => tx.signer.findUniqueOrThrow({ where: { id: signer.id }, select: { status: true, currentStep: true } }),
    advance: (tx, currentStep) => advanceSignerStep(tx, signer, currentStep, steps.length),
    countFailedAttempt: (tx, stepType, reason) => countFailedAttempt(tx, signer.id, stepType, reason),
    putInReview: async (tx, evidenceHexId, reasons) => {
      await tx.signer.update({ where: { id: signer.id }, data: { status: "IN_REVIEW" } });
      await appendAuditEvent(tx, { documentId: signer.documentId }, "signer.in-review", {
        signer: signer.hexId,
        evidence: evidenceHexId,
        reasons,
      });
    },
    outOfOrder: (currentStep) => {
      const step = steps[currentStep];
      return new AppError("STEP_OUT_OF_ORDER", { page: step ? signerStepPages[step.type] : "full-process" });
    },
    afterFinished: () => afterSignerCompleted(signer.id, signer.documentId),
  };
}

const signerForChecks = {
  id: true,
  hexId: true,
  documentId: true,
  startedAt: true,
  document: { select: { organizationId: true, flow: { select: { steps: true } } } },
} as const;

/** The signer whose evidence a check job settles (lib/evidence/evidence-check-job.ts). */
export async function signerEvidenceProcess(signerId: number): Promise<CheckedProcess | null> {
  const signer = await db.signer.findUnique({ where: { id: signerId }, select: signerForChecks });
  return signer ? { process: signerIdentity(signer), flow: signerFlow(signer) } : null;
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
  return step ? capturedInStep(db, signerRound(signer), step.position) : [];
}

/** The live signer behind a link, for a location report (process ENVIO). */
export async function signerForLocation(processHexId: string, urlSign: string | null, ip: string): Promise<LocatedProcess> {
  const access = await liveSignerAccess(processHexId, urlSign, ip);
  return { round: signerRound(access.signer), obligatory: access.signer.document.flow?.obligatoryGeolocation ?? false };
}

/** No step of a signer whose flow makes the location obligatory is completed before they reported one. */
export async function assertSignerLocated(access: SignerAccess): Promise<void> {
  await assertLocationReported(signerRound(access.signer), access.signer.document.flow?.obligatoryGeolocation ?? false);
}
