import { getConfigValues } from "@/lib/config/values";
import { detectFaces, faceModels } from "@/lib/face/face-engine";
import { pictureDistance, pictureHash, samePictureMaxDistance } from "@/lib/face/picture-hash";
import { storage } from "@/lib/storage";
import { type Client, latestInStep } from "./captured-evidence";
import { fraction } from "./evidence-check-job";
import { faceCountReason } from "./face-check";
import { type CapturedKind, evidenceStep } from "./evidence-steps";
import { faceComparisonOf } from "./face-comparison";
import { keepFaceAnalysis } from "./kept-face-analysis";
import type { IdentityFlowStep, IdentityProcess } from "./identity-process";

// The photos of an identity document (issue 14 item 2), checked when they are uploaded:
//   - the front shows exactly one face, when a later step compares a face with it (the flow's face
//     reference). Flows that compare no face never load the face engine.
//   - the rear is not the same picture as the front, nor as a selfie of this round; and a selfie is
//     not the same picture as this round's ID front or rear ("one face accepted as both sides of an
//     identity document").
// "The same picture": lib/face/picture-hash.ts. The hash is taken of the upload as the device sent
// it (before the stamp is burnt in) and kept in the evidence's detail. The front's faces are found on
// the photo as it is stored (stamped), the one the face checks compare with, and that analysis is kept
// for them (lib/evidence/kept-face-analysis.ts): they do not find the same faces again.

/** Why a document photo or a selfie was refused at upload; each is an error code and counts an attempt at the step. */
export type CaptureRefusal =
  "ID_FACE_NOT_IDENTIFIED" | "ID_MORE_THAN_ONE_FACE" | "ID_REAR_SAME_AS_FRONT" | "ID_REAR_SAME_AS_SELFIE" | "SELFIE_SAME_AS_ID_PHOTO";

/** The ID front's refusal for what its faces say on their own (faceCountReason). */
export const idFrontRefusal = { FACE_NOT_IDENTIFIED: "ID_FACE_NOT_IDENTIFIED", MORE_THAN_ONE_FACE: "ID_MORE_THAN_ONE_FACE" } as const;

/** The refusal of a new capture that repeats an earlier one's picture (kind: the new capture's; sameAs: the earlier one's). */
export function samePictureRefusal(kind: "ID_REAR" | "SELFIE", sameAs: CapturedKind): CaptureRefusal {
  if (kind === "SELFIE") return "SELFIE_SAME_AS_ID_PHOTO";
  return sameAs === "ID_FRONT" ? "ID_REAR_SAME_AS_FRONT" : "ID_REAR_SAME_AS_SELFIE";
}

/** Whether a later step of the flow compares a face with this ID_PHOTO step's front. */
export function isFaceReference(step: Pick<IdentityFlowStep, "position" | "type">, flowSteps: readonly IdentityFlowStep[]): boolean {
  if (step.type !== "ID_PHOTO") return false;
  return flowSteps.some((s) => {
    const comparison = faceComparisonOf(s, flowSteps);
    return comparison?.targetKind === "ID_FRONT" && comparison.targetPosition === step.position;
  });
}

/** The pictures of this round the new capture must not repeat, with the hash kept at their upload (or taken from the stored photo). */
async function earlierPictures(client: Client, process: IdentityProcess, kinds: CapturedKind[]) {
  const found: { kind: CapturedKind; hash: string }[] = [];
  for (const step of process.flowSteps) {
    for (const kind of kinds) {
      if (step.type !== evidenceStep[kind]) continue;
      const evidence = await latestInStep(client, process, step.position, kind, { usable: true });
      if (!evidence) continue;
      const kept = (evidence.checkDetail as { pictureHash?: unknown } | null)?.pictureHash;
      const hash = typeof kept === "string" && /^[01]{64}$/.test(kept) ? kept : await pictureHash(await storage().get(evidence.storageKey));
      found.push({ kind, hash });
    }
  }
  return found;
}

/** keptKey: the sealed face analysis stored for the front, to delete if the evidence is not stored after all. */
export type DocumentCheck = { refusal: CaptureRefusal | null; detail: Record<string, unknown>; keptKey?: string };

/**
 * The upload-time check of an ID front, an ID rear or a selfie (null for other kinds): the refusal,
 * if any, and what is kept in the evidence's detail (the picture hash; the faces found on a front).
 * original: the upload as the device sent it; stored: the photo as it will be stored (stamped).
 */
export async function checkDocumentPhoto(
  client: Client,
  process: IdentityProcess,
  step: IdentityFlowStep,
  kind: CapturedKind,
  original: Uint8Array,
  stored: Uint8Array,
): Promise<DocumentCheck | null> {
  if (kind !== "ID_FRONT" && kind !== "ID_REAR" && kind !== "SELFIE") return null;
  const hash = await pictureHash(original);
  const detail: Record<string, unknown> = { pictureHash: hash };
  const refuse = (refusal: CaptureRefusal, more: Record<string, unknown> = {}): DocumentCheck => ({
    refusal,
    detail: { ...detail, documentCheck: { result: "FAILED", reason: refusal, ...more } },
  });

  if (kind === "ID_FRONT") {
    if (!isFaceReference(step, process.flowSteps)) return { refusal: null, detail };
    // The engine loads on first use: a flow that compares no face never starts TensorFlow in this process.
    const config = await getConfigValues(process.organizationId, ["face_min_score"]);
    const minScore = fraction(config.face_min_score, 0.5);
    const analysis = await detectFaces(stored, { minScore });
    const faces = {
      models: faceModels,
      minScore,
      faces: analysis.faces.length,
      scores: analysis.faces.map((face) => Math.round(face.score * 1000) / 1000),
      ignored: analysis.ignored.length,
    };
    const reason = faceCountReason(analysis);
    if (reason) return refuse(idFrontRefusal[reason], faces);
    const kept = await keepFaceAnalysis(analysis, minScore);
    return { refusal: null, detail: { ...detail, documentCheck: { result: "VERIFIED", ...faces }, faceAnalysis: kept }, keptKey: kept.key };
  }

  const against = kind === "ID_REAR" ? (["ID_FRONT", "SELFIE"] as const) : (["ID_FRONT", "ID_REAR"] as const);
  for (const earlier of await earlierPictures(client, process, [...against])) {
    const distance = pictureDistance(hash, earlier.hash);
    if (distance > samePictureMaxDistance) continue;
    return refuse(samePictureRefusal(kind, earlier.kind), { sameAs: earlier.kind, distance, maxDistance: samePictureMaxDistance });
  }
  return { refusal: null, detail };
}

/** The refusal an evidence was stored with at upload (its detail's documentCheck), so that a retried upload answers it again. */
export function refusalOf(checkDetail: unknown): CaptureRefusal | null {
  if (!checkDetail || typeof checkDetail !== "object") return null;
  const check = (checkDetail as { documentCheck?: { result?: unknown; reason?: unknown } }).documentCheck;
  return check?.result === "FAILED" && typeof check.reason === "string" ? (check.reason as CaptureRefusal) : null;
}
