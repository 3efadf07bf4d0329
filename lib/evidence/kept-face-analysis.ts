import { createHash } from "node:crypto";
import { z } from "zod";
import { detectFaces, type FaceAnalysis, faceApiVersion, faceModels, secondFaceRule } from "@/lib/face/face-engine";
import { storage } from "@/lib/storage";
import { isStorageKey } from "@/lib/storage/keys";

// A photo's face analysis, kept beside the photo (issue 14 item 5: the face check per signer ≤ 0.6 s). The ID front a
// selfie is compared with has its faces found when it is uploaded (lib/evidence/document-check.ts: exactly one face),
// and the selfie's check found them again on the same stored photo (SSD MobileNet v1, ~0.4 s of one core), as did
// the video's liveness check, and every selfie taken again. So the analysis of the stored photo — what the checks
// would compute from it — is kept: sealed in storage like the photo itself (envelope encryption: the 128-number
// descriptor is biometric data, never put in the database or a log), its key and SHA-256 in the evidence's
// checkDetail (`faceAnalysis`). A check reads it back instead of analysing the photo again only when it was made by
// the same engine under the same rules (faceAnalysisSource: models, face-api's version, the second-face rule, the
// minimum score); otherwise — none kept, another minimum score in the configuration, the object missing or not
// matching its hash — the photo is analysed again. The kept analysis never decides anything the photo would not.

/** What a kept analysis was made with; bumped (format) when what detectFaces answers for a photo changes in this code. */
export function faceAnalysisSource(minScore: number): string {
  return JSON.stringify({ format: 1, ...faceModels, version: faceApiVersion(), secondFaceRule, minScore });
}

/** The pointer kept in an evidence's checkDetail (`faceAnalysis`): where the sealed analysis is, its hash, and what made it. */
export type KeptFaceAnalysis = { key: string; sha256: string; source: string };

const keptSchema = z.object({ key: z.string().refine(isStorageKey), sha256: z.string().regex(/^[0-9a-f]{64}$/), source: z.string() });

const point = z.object({ x: z.number(), y: z.number() });
const box = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
const analysisSchema = z.object({
  faces: z.array(z.object({ score: z.number(), box, descriptor: z.array(z.number()).length(128), landmarks: z.array(point).length(68) })),
  ignored: z.array(z.object({ score: z.number(), box })),
  width: z.number(),
  height: z.number(),
  ms: z.number(),
});

/** Seals a photo's analysis in storage; the pointer goes into the photo's evidence checkDetail as `faceAnalysis`. */
export async function keepFaceAnalysis(analysis: FaceAnalysis, minScore: number): Promise<KeptFaceAnalysis> {
  const json = JSON.stringify({ ...analysis, faces: analysis.faces.map((face) => ({ ...face, descriptor: Array.from(face.descriptor) })) });
  const stored = await storage().put(new TextEncoder().encode(json));
  return { key: stored.key, sha256: stored.sha256, source: faceAnalysisSource(minScore) };
}

/** The kept analysis' pointer of an evidence (its checkDetail's `faceAnalysis`, or its face check's), or null. */
export function keptFaceAnalysisOf(checkDetail: unknown): KeptFaceAnalysis | null {
  const detail = (checkDetail ?? {}) as { faceAnalysis?: unknown; faceCheck?: { faceAnalysis?: unknown } };
  const parsed = keptSchema.safeParse(detail.faceAnalysis ?? detail.faceCheck?.faceAnalysis);
  return parsed.success ? parsed.data : null;
}

/** The kept analysis when it is there, whole and made as this code would make it now; null otherwise. */
async function readKept(kept: KeptFaceAnalysis | null, minScore: number): Promise<FaceAnalysis | null> {
  if (!kept || kept.source !== faceAnalysisSource(minScore)) return null;
  try {
    const bytes = await storage().get(kept.key);
    if (createHash("sha256").update(bytes).digest("hex") !== kept.sha256) return null;
    const parsed = analysisSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    if (!parsed.success) return null;
    return { ...parsed.data, faces: parsed.data.faces.map((face) => ({ ...face, descriptor: Float32Array.from(face.descriptor) })) };
  } catch {
    return null;
  }
}

/**
 * The faces on a stored photo (an ID front, a selfie) as a check compares them: its kept analysis, or the photo
 * analysed now. `kept` says which; `ms` is the time this took (reading the kept analysis: a few milliseconds).
 */
export async function photoFaceAnalysis(
  evidence: { storageKey: string; checkDetail: unknown },
  minScore: number,
): Promise<FaceAnalysis & { kept: boolean }> {
  const started = performance.now();
  const kept = await readKept(keptFaceAnalysisOf(evidence.checkDetail), minScore);
  if (kept) return { ...kept, ms: performance.now() - started, kept: true };
  return { ...(await detectFaces(await storage().get(evidence.storageKey), { minScore })), kept: false };
}
