import { z } from "zod";
import sharp from "sharp";
import { appendAuditEvent } from "@/lib/audit/audit-event";
import type { RequestMeta } from "@/lib/auth/sessions";
import { getConfigValues } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { safeTimeZone } from "@/lib/i18n/format";
import { formatInTimeZone } from "@/lib/i18n/time-zone";
import { enqueueJobs } from "@/lib/queue/enqueue";
import { sha256Hex } from "@/lib/security/random";
import { storage } from "@/lib/storage";
import { capturedInStep, latestInStep } from "./captured-evidence";
import { checkDocumentPhoto } from "./document-check";
import { type CapturedKind, evidenceStep, isCapturedKind, kindsForStep } from "./evidence-steps";
import { checkJobFor } from "./check-jobs";
import { faceComparisonOf } from "./face-comparison";
import { type IdentityFlowStep, type IdentityProcess, lockProcess, type ProcessFlow } from "./identity-process";
import { remuxWebm } from "./remux-video";
import { stampImage } from "./stamp-image";
import type { VideoChallengeFacts } from "./video-challenge";

// The capture upload of any identity process (a signer's, a validation's): what a capture must be,
// how it is prepared (photos stamped, videos remuxed), stored once however often it is sent, checked
// or counted toward its step. Where the person goes next is the process's own answer (for a signer,
// lib/signing/signer-upload.ts).

export const maxImageBytes = 15 * 1024 * 1024;
export const maxVideoBytes = 60 * 1024 * 1024;

export const evidenceFields = z.object({
  kind: z.string().refine(isCapturedKind, "VALIDATION_FAILED"),
  /** The capturing page's id for this capture (a UUID): retrying the same upload never stores it twice. */
  uploadId: z.string().regex(/^[0-9a-f-]{16,64}$/i, "VALIDATION_FAILED"),
  capturedAt: z.coerce.date().optional(),
  /** Selfie: the signature-acceptance box (spec §5 "The terms checkbox must be ticked for selfie"). */
  accepted: z.enum(["true", "false"]).optional(),
  /** Extra facts the step sends with its capture (the video's challenge id, the fingerprint template...). */
  detail: z.string().max(100_000).optional(),
});

export type EvidenceUpload = z.infer<typeof evidenceFields> & { kind: CapturedKind; bytes: Uint8Array };

const isWebm = (b: Uint8Array) => b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3;
const isMp4 = (b: Uint8Array) => b.length > 12 && String.fromCharCode(b[4] ?? 0, b[5] ?? 0, b[6] ?? 0, b[7] ?? 0) === "ftyp";

/** What is stored for a capture: a stamped JPEG for photos, the recording remuxed so it has a duration (WebM) or as it came (MP4) for videos, the PNG for a fingerprint. */
export async function prepareCapture(
  upload: EvidenceUpload,
  process: Pick<IdentityProcess, "hexId" | "organizationId" | "owner">,
): Promise<{ bytes: Uint8Array; mimeType: string; detail: Record<string, string | number | boolean | null> }> {
  const original = upload.bytes;
  if (upload.kind === "VIDEO") {
    if (original.byteLength > maxVideoBytes) throw new AppError("EVIDENCE_TOO_LARGE");
    if (!isWebm(original) && !isMp4(original)) throw new AppError("EVIDENCE_FILE_INVALID");
    if (!isWebm(original)) return { bytes: original, mimeType: "video/mp4", detail: {} };
    // MediaRecorder's WebM has no duration until it is remuxed (lib/evidence/remux-video.ts).
    const remux = await remuxWebm(original);
    const originalSha256 = sha256Hex(Buffer.from(original));
    return {
      bytes: remux.bytes,
      mimeType: "video/webm",
      detail: remux.remuxed ? { remuxed: true, originalSha256 } : { remuxed: false, remuxNote: remux.note },
    };
  }
  if (original.byteLength > maxImageBytes) throw new AppError("EVIDENCE_TOO_LARGE");
  let format: string | undefined;
  try {
    format = (await sharp(original, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    throw new AppError("EVIDENCE_FILE_INVALID");
  }
  if (!format || !["jpeg", "png", "webp", "heif"].includes(format)) throw new AppError("EVIDENCE_FILE_INVALID");
  if (upload.kind === "FINGERPRINT") {
    if (format !== "png") throw new AppError("EVIDENCE_FILE_INVALID");
    return { bytes: original, mimeType: "image/png", detail: {} };
  }
  const config = await getConfigValues(process.organizationId, ["idcard_image_quality", "organization_tz"]);
  const place = await db.location.findFirst({ where: { ...process.owner, latitude: { not: null } }, orderBy: { id: "desc" } });
  const capturedAt =
    upload.capturedAt && Math.abs(upload.capturedAt.getTime() - Date.now()) < 24 * 3600_000 ? upload.capturedAt : new Date();
  const timeZone = safeTimeZone(config.organization_tz);
  let stamped: Buffer;
  try {
    stamped = await stampImage(
      original,
      {
        capturedAt: `${formatInTimeZone(capturedAt, timeZone)} (${timeZone})`,
        processHexId: process.hexId,
        place: place ? (place.displayName ?? `${place.latitude?.toFixed(5)}, ${place.longitude?.toFixed(5)}`) : null,
      },
      Number(config.idcard_image_quality) || 0.92,
    );
  } catch {
    // A header that reads but pixels that do not (a truncated upload, a HEIC this build cannot decode).
    throw new AppError("EVIDENCE_FILE_INVALID");
  }
  // The original's hash too: what the device produced, before the stamp was burnt in.
  return {
    bytes: stamped,
    mimeType: "image/jpeg",
    detail: { capturedAt: capturedAt.toISOString(), originalSha256: sha256Hex(Buffer.from(original)) },
  };
}

/**
 * The step a capture is for: the process's current step, which must take this kind of capture (the
 * rear of a document type that has none is not part of the process). A selfie carries the
 * signature-acceptance box (spec §5 "The terms checkbox must be ticked for selfie").
 */
export function captureStep(flow: ProcessFlow, currentStep: number, upload: EvidenceUpload): IdentityFlowStep {
  const step = flow.steps[currentStep];
  if (!step || step.type !== evidenceStep[upload.kind]) throw flow.outOfOrder(currentStep);
  if (!kindsForStep(step.type, step.documentType?.hasRear ?? true).includes(upload.kind)) throw new AppError("STEP_NOT_AVAILABLE");
  if (upload.kind === "SELFIE" && upload.accepted !== "true") throw new AppError("SELFIE_TERMS_REQUIRED");
  return step;
}

export type CaptureTarget = {
  process: IdentityProcess;
  flow: ProcessFlow;
  /** The process's current step when the upload arrived (captureStep's). */
  currentStep: number;
  step: IdentityFlowStep;
  /** Facts of the capture the process checked before (the video challenge's: digits, prompts…), kept in the evidence's detail. */
  facts?: Partial<VideoChallengeFacts>;
};

export type StoredCapture = {
  evidenceHexId: string;
  sha256: string;
  /** The step is done and it was the last: the process finished. */
  finished: boolean;
  nextStep: number;
  /** Stored with its check PENDING: a face or liveness check job decides whether the step is done. */
  checking: boolean;
};

/**
 * Stores a capture of the process's current step: prepared (stamped, remuxed), with its SHA-256 and
 * an audit event. The step is done once every evidence it needs is in. A selfie or video whose step
 * compares faces (lib/evidence/face-comparison.ts) is stored with its check PENDING and the step
 * stays: a job checks it (lib/evidence/face-check.ts, liveness-check.ts). The same upload stored
 * meanwhile (same uploadId) answers `duplicate`: the caller answers what the first one did.
 */
export async function storeCapture(
  target: CaptureTarget,
  upload: EvidenceUpload,
  meta: RequestMeta,
): Promise<StoredCapture | { duplicate: true; error?: unknown }> {
  const { process, flow, step, currentStep } = target;
  const comparison = upload.kind === "SELFIE" || upload.kind === "VIDEO" ? faceComparisonOf(step, process.flowSteps) : null;
  const needed = kindsForStep(step.type, step.documentType?.hasRear ?? true);
  const prepared = await prepareCapture(upload, process);
  // ID front with one face, rear not the front nor a selfie (lib/evidence/document-check.ts): a refusal is stored FAILED and counts an attempt.
  const documentCheck = await checkDocumentPhoto(db, process, step, upload.kind, upload.bytes, prepared.bytes);
  const stored = await storage()
    .put(prepared.bytes)
    .catch(async (error: unknown) => {
      if (documentCheck?.keptKey) await storage().delete(documentCheck.keptKey);
      throw error;
    });
  const storedKeys = [stored.key, ...(documentCheck?.keptKey ? [documentCheck.keptKey] : [])];
  let outcome: (Omit<StoredCapture, "checking"> & { faceCheck?: number }) | { duplicate: true } | { refused: AppError };
  try {
    outcome = await db.$transaction(async (tx) => {
      await lockProcess(tx, process);
      // The same upload sent twice at once (a retry while the first was still on its way): the first one, now committed, stored it.
      if (await tx.evidence.findUnique({ where: { clientUploadId: upload.uploadId }, select: { id: true } }))
        return { duplicate: true as const };
      const fresh = await flow.state(tx);
      if (fresh.status === "ATTEMPTS_EXHAUSTED") throw new AppError("ATTEMPTS_EXHAUSTED", { page: "finishedAttempts" });
      if (fresh.status !== "IN_PROGRESS" && fresh.status !== "PENDING")
        throw new AppError("LINK_ENDED", { state: fresh.status, status: fresh.status });
      if (fresh.currentStep !== currentStep) throw flow.outOfOrder(fresh.currentStep);
      // One selfie is checked at a time: another one while the first is being checked waits for its result.
      if (comparison && (await latestInStep(tx, process, step.position, upload.kind))?.check === "PENDING")
        throw new AppError("FACE_CHECK_PENDING");
      const evidence = await tx.evidence.create({
        data: {
          kind: upload.kind,
          ...process.owner,
          stepPosition: step.position,
          storageKey: stored.key,
          mimeType: prepared.mimeType,
          size: stored.size,
          sha256: stored.sha256,
          clientUploadId: upload.uploadId,
          ...(documentCheck?.refusal ? { check: "FAILED" as const } : {}),
          checkDetail: {
            ...prepared.detail,
            ...documentCheck?.detail,
            ...target.facts,
            ...(upload.detail ? { client: upload.detail } : {}),
          },
        },
      });
      await appendAuditEvent(tx, process.audit, "evidence.stored", {
        ...process.actor,
        evidence: evidence.hexId,
        kind: upload.kind,
        sha256: stored.sha256,
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
      if (documentCheck?.refusal) {
        const { exhausted } = await flow.countFailedAttempt(tx, step.type, documentCheck.refusal);
        return {
          refused: exhausted ? new AppError("ATTEMPTS_EXHAUSTED", { page: "finishedAttempts" }) : new AppError(documentCheck.refusal),
        };
      }
      const base = { evidenceHexId: evidence.hexId, sha256: stored.sha256, finished: false, nextStep: fresh.currentStep };
      // The face check decides whether the step is done.
      if (comparison) return { ...base, faceCheck: evidence.id };
      // Only this round's captures count: after a restart the step is redone from nothing.
      const have = await capturedInStep(tx, process, step.position);
      if (!needed.every((kind) => have.includes(kind))) return base;
      return { ...base, ...(await flow.advance(tx, fresh.currentStep)) };
    });
  } catch (error) {
    for (const key of storedKeys) await storage().delete(key);
    if (isUniqueViolation(error)) return { duplicate: true, error };
    throw error;
  }
  if ("duplicate" in outcome) {
    for (const key of storedKeys) await storage().delete(key);
    return outcome;
  }
  // Kept in the trail (the evidence, FAILED with its reason, and the attempt), then told to the person.
  if ("refused" in outcome) throw outcome.refused;
  const { faceCheck, ...result } = outcome;
  if (faceCheck !== undefined) await enqueueJobs([checkJobFor(upload.kind, faceCheck)]);
  else if (result.finished) await flow.afterFinished();
  return { ...result, checking: faceCheck !== undefined };
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "P2002";
}
