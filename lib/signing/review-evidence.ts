import { z } from "zod";
import { livenessFacts } from "@/lib/evidence/liveness-facts";
import { appendAuditEvent } from "@/lib/audit/audit-event";
import { logOperation } from "@/lib/audit/operation-log";
import type { AuthContext } from "@/lib/auth/context";
import { enqueueSoftFail } from "@/lib/callbacks/completion-events";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { lockOrganizationDocument } from "@/lib/documents/lock-document";
import { isActiveDocument, unfinishedSignerStatuses } from "@/lib/documents/shipment-states";
import { AppError } from "@/lib/errors/app-error";
import { storage } from "@/lib/storage";
import { advanceSignerStep } from "./advance-step";
import { afterSignerCompleted } from "./complete-signer";
import { recordDocumentEvent, recordSignerEvent } from "@/lib/webhooks/record-event";
import { shipmentStillPossible } from "./reject-process";
import { signerSteps } from "./steps";
import { errorFields, logger } from "@/lib/log/logger";

// Staff review of a video the liveness check could not decide (lib/evidence/liveness-check.ts sent
// the signer to IN_REVIEW). Staff with FIRMA:VIEW see the video and the digits the signer had to
// read; FIRMA:UPDATE accepts (the step is done, the signer continues from their link) or rejects
// with a reason (the signer is REJECTED, and the shipment too when it can no longer complete).

export const reviewDecisionInput = z
  .object({
    decision: z.enum(["ACCEPT", "REJECT"], { error: "VALIDATION_FAILED" }),
    reason: z.string().trim().max(1000, "VALIDATION_FAILED").optional(),
  })
  .refine((input) => input.decision === "ACCEPT" || (input.reason ?? "").length > 0, {
    message: "REJECTION_REASON_REQUIRED",
    path: ["reason"],
  });

/** The signer of the caller's organisation's document, or NOT_FOUND (another organisation's looks absent). */
async function signerOf(context: AuthContext, documentHexId: string, signerHexId: string) {
  const signer = await db.signer.findFirst({
    where: { hexId: signerHexId, document: { hexId: documentHexId, organizationId: context.organizationId } },
    select: {
      id: true,
      hexId: true,
      documentId: true,
      status: true,
      currentStep: true,
      startedAt: true,
      document: { select: { flow: { select: { steps: true } } } },
    },
  });
  if (!signer) throw new AppError("NOT_FOUND");
  return signer;
}

/** The video awaiting review: the signer's latest IN_REVIEW evidence. */
async function videoInReview(signerId: number) {
  return db.evidence.findFirst({ where: { signerId, kind: "VIDEO", check: "IN_REVIEW" }, orderBy: { id: "desc" } });
}

type Detail = {
  digits?: unknown;
  livenessCheck?: { reasons?: unknown; matchedFrames?: unknown; describedFrames?: unknown; movement?: unknown; frames?: unknown };
};

/** GET …/signers/{signerHexId}/review: what staff see before deciding; `evidence` is null when nothing awaits review. */
export async function getReview(context: AuthContext, documentHexId: string, signerHexId: string) {
  const signer = await signerOf(context, documentHexId, signerHexId);
  const evidence = await videoInReview(signer.id);
  const detail = (evidence?.checkDetail ?? {}) as Detail;
  return {
    signerHexId: signer.hexId,
    status: signer.status,
    evidence: evidence
      ? {
          evidenceHexId: evidence.hexId,
          createdAt: evidence.createdAt.toISOString(),
          digits: typeof detail.digits === "string" ? detail.digits : null,
          reasons: Array.isArray(detail.livenessCheck?.reasons) ? (detail.livenessCheck.reasons as string[]) : [],
          matchedFrames: typeof detail.livenessCheck?.matchedFrames === "number" ? detail.livenessCheck.matchedFrames : null,
          // The frames the face was compared on (the described ones; every frame on checks before issue 14).
          frames:
            typeof detail.livenessCheck?.describedFrames === "number"
              ? detail.livenessCheck.describedFrames
              : Array.isArray(detail.livenessCheck?.frames)
                ? detail.livenessCheck.frames.length
                : null,
          movement: detail.livenessCheck?.movement ?? null,
          ...livenessFacts(detail.livenessCheck),
          videoUrl: `/api/documents/${documentHexId}/signers/${signer.hexId}/review/video`,
        }
      : null,
  };
}

/** GET …/review/video: the recording's bytes, for staff of the document's organisation only. */
export async function reviewVideo(context: AuthContext, documentHexId: string, signerHexId: string) {
  const signer = await signerOf(context, documentHexId, signerHexId);
  const evidence =
    (await videoInReview(signer.id)) ??
    (await db.evidence.findFirst({ where: { signerId: signer.id, kind: "VIDEO" }, orderBy: { id: "desc" } }));
  if (!evidence) throw new AppError("NOT_FOUND");
  return { bytes: await storage().get(evidence.storageKey), mimeType: evidence.mimeType };
}

/**
 * POST …/review {decision, reason?}: ACCEPT → the video VERIFIED, the signer IN_PROGRESS past the
 * video step (COMPLETED after the last one); REJECT → the video FAILED, the signer REJECTED with
 * the reason, and the shipment REJECTED with its other open links closed when it can no longer
 * complete (as a signer's own rejection, lib/signing/reject-process.ts). Only a signer IN_REVIEW.
 */
export async function decideReview(context: AuthContext, documentHexId: string, signerHexId: string, raw: unknown, ip: string) {
  const input = reviewDecisionInput.parse(raw);
  const outcome = await db.$transaction(async (tx) => {
    const document = await lockOrganizationDocument(tx, context.organizationId, documentHexId);
    const signer = await tx.signer.findFirst({
      where: { hexId: signerHexId, documentId: document.id },
      select: {
        id: true,
        hexId: true,
        documentId: true,
        status: true,
        currentStep: true,
        startedAt: true,
        document: { select: { flow: { select: { steps: true } } } },
      },
    });
    if (!signer) throw new AppError("NOT_FOUND");
    if (signer.status !== "IN_REVIEW") throw new AppError("REVIEW_NOT_PENDING");
    // A shipment cancelled or expired meanwhile is not brought back by a decision.
    const { status: documentStatus } = await tx.document.findUniqueOrThrow({ where: { id: document.id }, select: { status: true } });
    if (!isActiveDocument(documentStatus)) throw new AppError("SENDING_NOT_ACTIVE");
    const evidence = await tx.evidence.findFirst({
      where: { signerId: signer.id, kind: "VIDEO", check: "IN_REVIEW" },
      orderBy: { id: "desc" },
    });
    if (!evidence) throw new AppError("REVIEW_NOT_PENDING");
    const previous = (evidence.checkDetail ?? {}) as Record<string, unknown>;
    const review = { decision: input.decision, reason: input.reason ?? null, by: context.userId, at: new Date().toISOString() };
    const accepted = input.decision === "ACCEPT";
    await tx.evidence.update({
      where: { id: evidence.id },
      data: { check: accepted ? "VERIFIED" : "FAILED", checkDetail: { ...previous, review } as Prisma.InputJsonValue },
    });
    // Logged under DOCUMENTO with the document as record, so the decision shows in the shipment's timeline on /docdetail.
    await logOperation(
      {
        module: "DOCUMENTO",
        organizationId: context.organizationId,
        userId: context.userId,
        event: accepted ? "EVIDENCE_REVIEW_ACCEPT" : "EVIDENCE_REVIEW_REJECT",
        ip,
        recordId: document.hexId,
        action: `${accepted ? "EVIDENCE_REVIEW_ACCEPT" : "EVIDENCE_REVIEW_REJECT"} signer=${signer.hexId}`,
      },
      tx,
    );
    await appendAuditEvent(tx, { documentId: signer.documentId }, accepted ? "evidence.review-accepted" : "evidence.review-rejected", {
      signer: signer.hexId,
      evidence: evidence.hexId,
      reason: input.reason ?? null,
      by: context.userId,
    });
    if (accepted) {
      const steps = signerSteps(signer.document.flow?.steps ?? []);
      const { finished } = await advanceSignerStep(tx, signer, signer.currentStep, steps.length);
      return { finished, documentRejected: false };
    }
    await tx.signer.update({
      where: { id: signer.id },
      data: { status: "REJECTED", rejectedAt: new Date(), rejectionReason: input.reason ?? null },
    });
    await appendAuditEvent(tx, { documentId: signer.documentId }, "signer.rejected", {
      signer: signer.hexId,
      reason: input.reason ?? null,
      by: context.userId,
    });
    await recordSignerEvent(tx, signer.id, "signer.rejected");
    // Two queries in turn, not sibling relations of one: those would run at once on the transaction's connection.
    const orders = await tx.signerOrder.findMany({
      where: { documentId: signer.documentId },
      select: { position: true, minSigners: true },
    });
    const signers = await tx.signer.findMany({
      where: { documentId: signer.documentId },
      select: { id: true, position: true, mandatory: true, status: true },
    });
    if (shipmentStillPossible(signers, orders)) return { finished: false, documentRejected: false };
    await tx.document.update({ where: { id: signer.documentId }, data: { status: "REJECTED" } });
    await tx.signer.updateMany({
      where: { documentId: signer.documentId, status: { in: unfinishedSignerStatuses } },
      data: { status: "CANCELLED" },
    });
    await tx.delivery.updateMany({ where: { status: "QUEUED", signer: { documentId: signer.documentId } }, data: { status: "CANCELLED" } });
    await appendAuditEvent(tx, { documentId: signer.documentId }, "document.rejected", { by: signer.hexId });
    await recordDocumentEvent(tx, signer.documentId, "document.rejected");
    return { finished: false, documentRejected: true, signerId: signer.id, documentId: signer.documentId };
  });
  const signer = await signerOf(context, documentHexId, signerHexId);
  if (outcome.finished) await afterSignerCompleted(signer.id, signer.documentId);
  if (outcome.documentRejected) {
    await enqueueSoftFail([signer.documentId], "rejected").catch((error: unknown) => {
      logger("callbacks").error({ documentId: signer.documentId, ...errorFields(error) }, "soft-fail callback not enqueued");
    });
  }
  return { result: 1, decision: input.decision, status: signer.status, documentRejected: outcome.documentRejected };
}
