import { z } from "zod";

// What staff deciding a video see of the liveness judge's work (issue 14 item 7), read back from the evidence's
// checkDetail.livenessCheck (lib/evidence/liveness-check.ts): each frame it judged (when, how many faces, the
// detector's score, the distance to the photo compared with, the head's turn, the mouth's opening) and, in a flow
// with an ID photo behind the selfie, the live face against the ID photo. Older checks lack some fields: they read
// as null rather than failing the page.

export const judgedFrame = z.object({
  atMs: z.number().describe("ms from the start of the recording"),
  faces: z.number().int().describe("Faces found on the frame"),
  score: z.number().nullable().describe("The face detector's score of the main face"),
  distance: z.number().nullable().describe("Distance to the photo compared with (frames whose face was described)"),
  yaw: z.number().nullable().describe("The head's turn (nose across the face, face widths; 0 frontal)"),
  mouth: z.number().nullable().describe("The mouth's opening (face widths)"),
});
export type JudgedFrame = z.infer<typeof judgedFrame>;

export const idPhotoFacts = z
  .object({
    evidenceHexId: z.string().nullable().describe("The ID front capture compared with"),
    distance: z.number().nullable().describe("The closest described frame's distance to the ID photo's face"),
    threshold: z.number(),
    matched: z.boolean(),
  })
  .describe("The live face against the ID photo (a flow with an ID photo behind the selfie); null otherwise");
export type IdPhotoFacts = z.infer<typeof idPhotoFacts>;

const storedFrame = z.object({
  atMs: z.number(),
  faces: z.number(),
  score: z.number().nullable().optional(),
  distance: z.number().nullable().optional(),
  yaw: z.number().nullable().optional(),
  mouth: z.number().nullable().optional(),
});
const storedIdPhoto = z.object({
  evidence: z.string().optional(),
  distance: z.number().nullable(),
  threshold: z.number(),
  matched: z.boolean(),
});

/** The judged frames and the ID photo comparison kept in a liveness check's detail. */
export function livenessFacts(livenessCheck: unknown): { judgedFrames: JudgedFrame[]; idPhoto: IdPhotoFacts | null } {
  const detail = livenessCheck && typeof livenessCheck === "object" ? (livenessCheck as Record<string, unknown>) : {};
  const frames = Array.isArray(detail.frames) ? detail.frames : [];
  const judgedFrames = frames.flatMap((frame) => {
    const parsed = storedFrame.safeParse(frame);
    if (!parsed.success) return [];
    const { atMs, faces, score, distance, yaw, mouth } = parsed.data;
    return [{ atMs, faces, score: score ?? null, distance: distance ?? null, yaw: yaw ?? null, mouth: mouth ?? null }];
  });
  const id = storedIdPhoto.safeParse(detail.idPhoto);
  return {
    judgedFrames,
    idPhoto: id.success
      ? { evidenceHexId: id.data.evidence ?? null, distance: id.data.distance, threshold: id.data.threshold, matched: id.data.matched }
      : null,
  };
}
