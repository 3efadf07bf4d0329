import { z } from "zod";
import sharp from "sharp";
import { appendAuditEvent } from "@/lib/audit/audit-event";
import type { RequestMeta } from "@/lib/auth/sessions";
import { getConfigValues } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { lockDocumentById } from "@/lib/documents/lock-document";
import { AppError } from "@/lib/errors/app-error";
import { safeTimeZone } from "@/lib/i18n/format";
import { formatInTimeZone } from "@/lib/i18n/time-zone";
import { enqueueJobs } from "@/lib/queue/enqueue";
import { sha256Hex } from "@/lib/security/random";
import { storage } from "@/lib/storage";
import { capturedInStep, latestInStep } from "./captured-evidence";
import { assertLocationReported } from "./add-geolocation";
import { advanceSignerStep } from "@/lib/signing/advance-step";
import { afterSignerCompleted } from "@/lib/signing/complete-signer";
import { type CapturedKind, evidenceStep, isCapturedKind, kindsForStep } from "./evidence-steps";
import { checkJobFor, faceComparisonOf } from "./face-comparison";
import { continuePath } from "@/lib/signing/process-data";
import { accessOf, liveSignerAccess, type SignerAccess, signerAccessInclude } from "@/lib/signing/signer-access";
import { remuxWebm } from "./remux-video";
import { signerStepPages, waitPagePath } from "@/lib/signing/steps";
import { stampImage } from "./stamp-image";
import { challengeFacts, claimVideoChallenge, consumeVideoChallenge } from "./video-challenge";

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
async function prepare(
  upload: EvidenceUpload,
  access: SignerAccess,
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
  const { signer } = access;
  const config = await getConfigValues(signer.document.organizationId, ["idcard_image_quality", "organization_tz"]);
  const place = await db.location.findFirst({ where: { signerId: signer.id, latitude: { not: null } }, orderBy: { id: "desc" } });
  const capturedAt =
    upload.capturedAt && Math.abs(upload.capturedAt.getTime() - Date.now()) < 24 * 3600_000 ? upload.capturedAt : new Date();
  const timeZone = safeTimeZone(config.organization_tz);
  let stamped: Buffer;
  try {
    stamped = await stampImage(
      original,
      {
        capturedAt: `${formatInTimeZone(capturedAt, timeZone)} (${timeZone})`,
        processHexId: signer.hexId,
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
 * A capture step's upload (ID front and rear, selfie, video, fingerprint). The current step must be
 * the capture's; the photo is stamped and kept as JPEG; the evidence is stored with its SHA-256 and
 * an audit event. The step is done once every evidence it needs is in. Retrying an upload after a
 * dropped connection (same uploadId) answers what the first one did and stores nothing twice.
 * A selfie whose step compares faces (lib/evidence/face-comparison.ts) is stored with its check
 * PENDING and the step stays: a job checks it (lib/evidence/face-check.ts) and the answer's `next` is
 * /wait, which moves on once the check is settled.
 */
export async function uploadEvidence(processHexId: string, urlSign: string | null, upload: EvidenceUpload, meta: RequestMeta) {
  const receivedAt = new Date();
  const access = await liveSignerAccess(processHexId, urlSign, meta.ip);
  const { signer } = access;
  const already = await alreadyStored(upload.uploadId, signer.id, urlSign);
  if (already) return already;
  if (signer.status === "ATTEMPTS_EXHAUSTED") throw new AppError("ATTEMPTS_EXHAUSTED", { page: "finishedAttempts" });
  const step = access.steps[signer.currentStep];
  const wanted = evidenceStep[upload.kind];
  if (!step || step.type !== wanted) throw new AppError("STEP_OUT_OF_ORDER", { page: step ? signerStepPages[step.type] : "full-process" });
  const needed = kindsForStep(step.type, step.documentType?.hasRear ?? true);
  // The rear of a document type that has none is not part of this process.
  if (!needed.includes(upload.kind)) throw new AppError("STEP_NOT_AVAILABLE");
  if (upload.kind === "SELFIE" && upload.accepted !== "true") throw new AppError("SELFIE_TERMS_REQUIRED");
  await assertLocationReported(access);
  // The video must name the digits it reads (lib/evidence/video-challenge.ts), in time and only once.
  const challenge = upload.kind === "VIDEO" ? await claimVideoChallenge(signer.id, step.position, upload, receivedAt) : null;
  const comparison = upload.kind === "SELFIE" || upload.kind === "VIDEO" ? faceComparisonOf(step, signer.document.flow?.steps ?? []) : null;

  const prepared = await prepare(upload, access);
  const stored = await storage().put(prepared.bytes);
  let outcome: { evidenceHexId: string; finished: boolean; stepDone: boolean; nextStep: number; faceCheck?: number } | { duplicate: true };
  try {
    outcome = await db.$transaction(async (tx) => {
      await lockDocumentById(tx, signer.documentId);
      // The same upload sent twice at once (a retry while the first was still on its way): the first one, now committed, stored it.
      if (await tx.evidence.findUnique({ where: { clientUploadId: upload.uploadId }, select: { id: true } }))
        return { duplicate: true as const };
      const fresh = await tx.signer.findUniqueOrThrow({ where: { id: signer.id }, select: { status: true, currentStep: true } });
      if (fresh.status === "ATTEMPTS_EXHAUSTED") throw new AppError("ATTEMPTS_EXHAUSTED", { page: "finishedAttempts" });
      if (fresh.status !== "IN_PROGRESS" && fresh.status !== "PENDING")
        throw new AppError("LINK_ENDED", { state: fresh.status, status: fresh.status });
      if (fresh.currentStep !== signer.currentStep)
        throw new AppError("STEP_OUT_OF_ORDER", { page: signerStepPages[access.steps[fresh.currentStep]?.type ?? "SIGNATURE"] });
      // One selfie is checked at a time: another one while the first is being checked waits for its result.
      if (comparison && (await latestInStep(tx, signer, step.position, upload.kind))?.check === "PENDING")
        throw new AppError("FACE_CHECK_PENDING");
      const evidence = await tx.evidence.create({
        data: {
          kind: upload.kind,
          signerId: signer.id,
          stepPosition: step.position,
          storageKey: stored.key,
          mimeType: prepared.mimeType,
          size: stored.size,
          sha256: stored.sha256,
          clientUploadId: upload.uploadId,
          checkDetail: {
            ...prepared.detail,
            ...(challenge ? challengeFacts(challenge, receivedAt) : {}),
            ...(upload.detail ? { client: upload.detail } : {}),
          },
        },
      });
      await appendAuditEvent(tx, { documentId: signer.documentId }, "evidence.stored", {
        signer: signer.hexId,
        evidence: evidence.hexId,
        kind: upload.kind,
        sha256: stored.sha256,
        ip: meta.ip,
        userAgent: meta.userAgent,
      });
      // The face check decides whether the step is done (lib/evidence/face-check.ts).
      if (comparison)
        return { evidenceHexId: evidence.hexId, finished: false, stepDone: false, nextStep: fresh.currentStep, faceCheck: evidence.id };
      // Only this round's captures count: after a restart the step is redone from nothing.
      const have = await capturedInStep(tx, signer, step.position);
      const stepDone = needed.every((kind) => have.includes(kind));
      if (!stepDone) return { evidenceHexId: evidence.hexId, finished: false, stepDone, nextStep: fresh.currentStep };
      const { nextStep, finished } = await advanceSignerStep(tx, signer, fresh.currentStep, access.steps.length);
      return { evidenceHexId: evidence.hexId, finished, stepDone, nextStep };
    });
  } catch (error) {
    await storage().delete(stored.key);
    if (isUniqueViolation(error)) {
      const first = await alreadyStored(upload.uploadId, signer.id, urlSign);
      if (first) return first;
    }
    throw error;
  }
  if ("duplicate" in outcome) {
    await storage().delete(stored.key);
    const first = await alreadyStored(upload.uploadId, signer.id, urlSign);
    if (first) return first;
    throw new AppError("VALIDATION_FAILED");
  }
  if (challenge) await consumeVideoChallenge(challenge);
  if (outcome.faceCheck !== undefined) {
    await enqueueJobs([checkJobFor(upload.kind, outcome.faceCheck)]);
    return {
      ...answer(outcome.evidenceHexId, stored.sha256, access, urlSign, false),
      next: urlSign ? waitPagePath(urlSign, signer.hexId) : null,
    };
  }
  if (outcome.finished) await afterSignerCompleted(signer.id, signer.documentId);
  const next = accessOf({ ...signer, currentStep: outcome.nextStep });
  return answer(outcome.evidenceHexId, stored.sha256, next, urlSign, outcome.finished);
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "P2002";
}

/**
 * A retried upload (same uploadId) answers what the first one did, from where the process is now. A
 * selfie still waiting for its face check is enqueued again (the same job id: it runs once) in case
 * the first answer was lost before its job was.
 */
async function alreadyStored(uploadId: string, signerId: number, urlSign: string | null) {
  const already = await db.evidence.findUnique({ where: { clientUploadId: uploadId } });
  if (!already) return null;
  if (already.signerId !== signerId) throw new AppError("VALIDATION_FAILED");
  const now = accessOf(await db.signer.findUniqueOrThrow({ where: { id: signerId }, include: signerAccessInclude }));
  const flowSteps = now.signer.document.flow?.steps ?? [];
  const step = flowSteps.find((s) => s.position === already.stepPosition);
  if ((already.kind === "SELFIE" || already.kind === "VIDEO") && already.check === "PENDING" && step && faceComparisonOf(step, flowSteps)) {
    await enqueueJobs([checkJobFor(already.kind, already.id)]);
    return {
      ...answer(already.hexId, already.sha256, now, urlSign, false),
      next: urlSign ? waitPagePath(urlSign, now.signer.hexId) : null,
    };
  }
  return answer(already.hexId, already.sha256, now, urlSign, false);
}

function answer(evidenceHexId: string, sha256: string, access: SignerAccess, urlSign: string | null, finished: boolean) {
  return { result: 1, evidence: evidenceHexId, sha256, finished, next: urlSign ? continuePath(access, urlSign) : null };
}
