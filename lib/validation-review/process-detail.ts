import type { AuthContext } from "@/lib/auth/context";
import { livenessFacts } from "@/lib/evidence/liveness-facts";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { offlineReverseGeocode } from "@/lib/geo/reverse-geocode";
import type { Locale } from "@/lib/i18n/config";
import { storage } from "@/lib/storage";
import type { ReviewedEvidence, ReviewedLocation, ValidationProcessDetail } from "./schemas";

const hex32 = /^[0-9a-f]{32}$/;

/** The caller's organisation's validation process, or NOT_FOUND: another organisation's looks absent. */
export async function organizationProcess(context: AuthContext, processHexId: string) {
  if (!hex32.test(processHexId)) throw new AppError("NOT_FOUND");
  const process = await db.validationProcess.findFirst({ where: { hexId: processHexId, organizationId: context.organizationId } });
  if (!process) throw new AppError("NOT_FOUND");
  return process;
}

type Json = Record<string, unknown>;
const object = (value: unknown): Json => (value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {});
const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);
const str = (value: unknown) => (typeof value === "string" ? value : null);
const bool = (value: unknown) => (typeof value === "boolean" ? value : null);
const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** What the checks found, read from the evidence's checkDetail (face-check.ts, liveness-check.ts, registry-check.ts, a review). */
export function checkFacts(kind: string, checkDetail: unknown): Pick<ReviewedEvidence, "face" | "video" | "registry" | "review"> {
  const detail = object(checkDetail);
  const faceCheck = object(detail.faceCheck);
  const liveness = object(detail.livenessCheck);
  const review = object(detail.review);
  const frames = Array.isArray(liveness.frames) ? (liveness.frames as unknown[]) : null;
  const distances = (frames ?? []).map((frame) => num(object(frame).distance)).filter((d): d is number => d !== null);
  return {
    face: detail.faceCheck
      ? {
          distance: num(faceCheck.distance),
          threshold: num(faceCheck.threshold),
          result: str(faceCheck.result),
          reason: str(faceCheck.reason),
        }
      : null,
    video:
      kind === "VIDEO"
        ? {
            digits: str(detail.digits),
            result: str(liveness.result),
            reasons: Array.isArray(liveness.reasons) ? liveness.reasons.filter((r): r is string => typeof r === "string") : [],
            matchedFrames: num(liveness.matchedFrames),
            frames: frames ? frames.length : null,
            minDistance: distances.length > 0 ? Math.min(...distances) : null,
            movement: liveness.movement && typeof liveness.movement === "object" ? (liveness.movement as Json) : null,
            ...livenessFacts(detail.livenessCheck),
          }
        : null,
    registry: kind === "EVIDENCE" && "found" in detail ? { found: bool(detail.found), nameMatches: bool(detail.nameMatches) } : null,
    review: str(review.decision) ? { decision: String(review.decision), reason: str(review.reason), at: str(review.at) } : null,
  };
}

/** A location as stored, its place name taken from the offline geocoder when it was captured without one. */
export async function reviewedLocation(
  location: Awaited<ReturnType<typeof db.location.findMany>>[number],
  locale: Locale,
): Promise<ReviewedLocation> {
  let displayName = location.displayName;
  if (!displayName && location.latitude !== null && location.longitude !== null)
    displayName = (await offlineReverseGeocode(location.latitude, location.longitude, locale)).displayName;
  return {
    timestamp: location.timestamp.toISOString(),
    latitude: location.latitude,
    longitude: location.longitude,
    accuracy: location.accuracy,
    altitude: location.altitude,
    displayName,
    errorCode: location.errorCode,
    errorMessage: location.errorMessage,
  };
}

/** GET /api/validation-processes/{processHexId}: everything staff need to decide a validation process. */
export async function getValidationProcessDetail(
  context: AuthContext,
  processHexId: string,
  locale: Locale,
): Promise<ValidationProcessDetail> {
  const found = await organizationProcess(context, processHexId);
  // Queries in turn: relations of one findUnique would run at once on the same connection anyway.
  const process = await db.validationProcess.findUniqueOrThrow({
    where: { id: found.id },
    include: {
      validationLink: { select: { hexId: true, description: true } },
      flow: { select: { name: true, steps: { orderBy: { position: "asc" }, select: { type: true } } } },
    },
  });
  const [evidences, locations, audit, reviewer] = await Promise.all([
    db.evidence.findMany({
      where: { validationProcessId: process.id },
      orderBy: { id: "asc" },
      include: { stamping: { include: { batch: true } } },
    }),
    db.location.findMany({ where: { validationProcessId: process.id }, orderBy: { id: "asc" } }),
    db.auditEvent.findMany({
      where: { validationProcessId: process.id },
      orderBy: { sequence: "asc" },
      select: { sequence: true, type: true, createdAt: true, payload: true },
    }),
    process.reviewedById === null
      ? null
      : db.user.findUnique({ where: { id: process.reviewedById }, select: { firstName: true, lastName: true } }),
  ]);
  return {
    processHexId: process.hexId,
    status: process.status,
    decidable: process.status === "IN_REVIEW",
    person: {
      firstName: process.firstName,
      lastName: process.lastName,
      email: process.email,
      cellPhone: process.cellPhone,
      country: process.country,
      identType: process.identType,
      identNumber: process.identNumber,
      preferredLanguage: process.preferredLanguage,
      dataCapturedAt: iso(process.dataCapturedAt),
    },
    link: process.validationLink
      ? { validationHexId: process.validationLink.hexId, description: process.validationLink.description }
      : null,
    flow: { name: process.flow.name, steps: process.flow.steps.map((step) => step.type) },
    currentStep: process.currentStep,
    attempts: process.attempts,
    restarts: process.restarts,
    ip: process.ip,
    userAgent: process.userAgent,
    startedAt: process.createdAt.toISOString(),
    expirationDate: iso(process.expirationDate),
    completedAt: iso(process.completedAt),
    rejectedAt: iso(process.rejectedAt),
    rejectionReason: process.rejectionReason,
    reviewedAt: iso(process.reviewedAt),
    reviewedBy: reviewer ? `${reviewer.firstName} ${reviewer.lastName}` : null,
    evidences: evidences.map((evidence) => {
      const batch = evidence.stamping?.batch ?? null;
      return {
        evidenceHexId: evidence.hexId,
        kind: evidence.kind,
        check: evidence.check,
        stepPosition: evidence.stepPosition,
        mimeType: evidence.mimeType,
        size: evidence.size,
        sha256: evidence.sha256,
        createdAt: evidence.createdAt.toISOString(),
        fileUrl: `/api/validation-processes/${process.hexId}/evidences/${evidence.hexId}`,
        ...checkFacts(evidence.kind, evidence.checkDetail),
        stamping: evidence.stamping
          ? {
              status: batch?.status ?? "PENDING",
              merkleRoot: batch?.merkleRoot ?? null,
              ethTrxid: evidence.stamping.ethTrxid,
              lacchainTx: batch?.lacchainTx ?? null,
              rolluxTx: batch?.rolluxTx ?? null,
              localTx: batch?.localTx ?? null,
              linkLacchain: evidence.stamping.linkLacchain,
              linkRollux: evidence.stamping.linkRollux,
              linkStamping: evidence.stamping.linkStamping,
              confirmedAt: iso(batch?.confirmedAt),
            }
          : null,
      };
    }),
    locations: await Promise.all(locations.map((location) => reviewedLocation(location, locale))),
    audit: audit.map((event) => ({
      sequence: event.sequence,
      type: event.type,
      at: event.createdAt.toISOString(),
      payload: event.payload,
    })),
    certificate:
      process.certificateHexId && process.certificateSha256 && process.certificateSealedAt
        ? {
            certificateHexId: process.certificateHexId,
            sha256: process.certificateSha256,
            sealedAt: process.certificateSealedAt.toISOString(),
            verifyPath: `/validateDocs/${process.certificateHexId}`,
          }
        : null,
  };
}

/** GET …/evidences/{evidenceHexId}: the stored file of one of the process's evidences, for its organisation's staff only. */
export async function validationEvidenceFile(context: AuthContext, processHexId: string, evidenceHexId: string) {
  const process = await organizationProcess(context, processHexId);
  if (!hex32.test(evidenceHexId)) throw new AppError("NOT_FOUND");
  const evidence = await db.evidence.findFirst({ where: { hexId: evidenceHexId, validationProcessId: process.id } });
  if (!evidence) throw new AppError("NOT_FOUND");
  return { bytes: await storage().get(evidence.storageKey), mimeType: evidence.mimeType, sha256: evidence.sha256 };
}
