/**
 * The identity checks of the worker, run on files, for operators and auditors (issue 14 item 6):
 *
 *   npx tsx scripts/identity-check.ts [--id FILE] [--rear FILE] [--selfie FILE] [--video FILE] [--digits D] [--prompts JSON] [--org ID]
 *   npx tsx scripts/identity-check.ts --batch CASES.jsonl [--org ID]
 *
 * One case prints one JSON object; --batch reads one case per line as JSON
 * ({"id":…,"rear":…,"selfie":…,"video":…,"digits":…,"prompts":…}, paths relative to the current
 * folder) and prints one JSON result per line, the models loaded once. The same functions the upload
 * and the check jobs use decide (lib/evidence/document-check.ts, face-check.ts, liveness-check.ts,
 * lib/face/*), with the configuration the worker reads: the defaults of lib/config/values.ts, or an
 * organisation's own values with --org (its numeric id; that needs the database of .env). A field is
 * absent when its input is. --prompts is the challenge the video answered (the JSON array the
 * challenge API gave: [{"action":"turn_left","atMs":3000,"durationMs":2000},…]); a video judged
 * without it is one that ignored the prompts: "repeat" for a real person, "attack" for a picture.
 * What is not judged yet is said in the result, never invented: there is no presentation-attack
 * detection on the selfie here (attackScore null) and the spoken digits are not checked. See README.md.
 */
import "dotenv/config";
import { createReadStream, readFileSync } from "node:fs";
import { extname } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { z } from "zod";
import { configDefaults, getConfigValues } from "@/lib/config/values";
import { idFrontRefusal, samePictureRefusal } from "@/lib/evidence/document-check";
import { fraction } from "@/lib/evidence/evidence-check-job";
import { faceCountReason, facesMatch, roundDistance } from "@/lib/evidence/face-check";
import { judgeRecording, livenessConfigNames, livenessThresholds } from "@/lib/evidence/liveness-check";
import { remuxWebm } from "@/lib/evidence/remux-video";
import { livenessActions } from "@/lib/evidence/video-challenge";
import { detectFaces, type FaceAnalysis, faceDistance, faceEngine, faceModels, videoFaceModels } from "@/lib/face/face-engine";
import { pictureDistance, pictureHash, samePictureMaxDistance } from "@/lib/face/picture-hash";

const caseSchema = z
  .object({
    id: z.string().min(1).optional(),
    rear: z.string().min(1).optional(),
    selfie: z.string().min(1).optional(),
    video: z.string().min(1).optional(),
    digits: z
      .string()
      .regex(/^\d{1,12}$/)
      .optional(),
    /** The challenge's prompts the video answered (lib/evidence/video-challenge.ts LivenessPrompt). */
    prompts: z
      .array(z.object({ action: z.enum(livenessActions), atMs: z.number().int().min(0), durationMs: z.number().int().positive() }).strict())
      .optional(),
  })
  .strict();
type Case = z.infer<typeof caseSchema>;
type Config = { threshold: number; minScore: number; thresholds: ReturnType<typeof livenessThresholds> };

const decisionOfCount = { FACE_NOT_IDENTIFIED: "no_face", MORE_THAN_ONE_FACE: "several_faces" } as const;
const rearDecision = { ID_REAR_SAME_AS_FRONT: "same_as_front", ID_REAR_SAME_AS_SELFIE: "same_as_selfie" } as const;
const r3 = (value: number) => Math.round(value * 1000) / 1000;

async function config(org: number | null): Promise<Config> {
  const names = ["face_match_threshold", "face_min_score", ...livenessConfigNames];
  const values = org === null ? configDefaults : await getConfigValues(org, names);
  return {
    threshold: fraction(values.face_match_threshold, 0.5),
    minScore: fraction(values.face_min_score, 0.5),
    thresholds: livenessThresholds(values),
  };
}

/** The one face of a photo whose faces count as exactly one, as the checks take it. */
const onlyFace = (analysis: FaceAnalysis | null) => (analysis && faceCountReason(analysis) === null ? analysis.faces[0]! : null);

async function check(input: Case, settings: Config) {
  const { threshold, minScore } = settings;
  const started = performance.now();
  const result: Record<string, unknown> = {};
  const bytes = (file: string) => new Uint8Array(readFileSync(file));

  const id = input.id ? bytes(input.id) : null;
  const selfie = input.selfie ? bytes(input.selfie) : null;
  const idAnalysis = id ? await detectFaces(id, { minScore }) : null;
  const selfieAnalysis = selfie ? await detectFaces(selfie, { minScore }) : null;
  const idHash = id ? await pictureHash(id) : null;
  const selfieHash = selfie ? await pictureHash(selfie) : null;

  if (idAnalysis) {
    const reason = faceCountReason(idAnalysis);
    // The upload refuses it so (lib/evidence/document-check.ts) when a step compares a face with the ID.
    result.id = {
      faces: idAnalysis.faces.length,
      scores: idAnalysis.faces.map((face) => r3(face.score)),
      decision: reason ? decisionOfCount[reason] : "ok",
      ...(reason ? { refusal: idFrontRefusal[reason] } : {}),
    };
  }
  if (input.rear) {
    const rearHash = await pictureHash(bytes(input.rear));
    const earlier = [
      ...(idHash ? [{ kind: "ID_FRONT" as const, hash: idHash }] : []),
      ...(selfieHash ? [{ kind: "SELFIE" as const, hash: selfieHash }] : []),
    ].map((e) => ({ ...e, distance: pictureDistance(rearHash, e.hash) }));
    const same = earlier.find((e) => e.distance <= samePictureMaxDistance);
    const refusal = same ? samePictureRefusal("ID_REAR", same.kind) : null;
    result.rear = {
      decision: refusal ? rearDecision[refusal as keyof typeof rearDecision] : "ok",
      distances: Object.fromEntries(earlier.map((e) => [e.kind === "ID_FRONT" ? "front" : "selfie", e.distance])),
      maxDistance: samePictureMaxDistance,
      ...(refusal ? { refusal } : {}),
    };
  }
  if (selfieAnalysis && selfieHash) {
    const reason = faceCountReason(selfieAnalysis);
    const sameAsId = idHash !== null && pictureDistance(selfieHash, idHash) <= samePictureMaxDistance;
    result.selfie = {
      faces: selfieAnalysis.faces.length,
      scores: selfieAnalysis.faces.map((face) => r3(face.score)),
      decision: sameAsId ? "same_as_id_photo" : reason ? decisionOfCount[reason] : "ok",
      // No presentation-attack detection runs on a selfie yet: nothing is scored, nothing is called an attack.
      attackScore: null,
      ...(sameAsId ? { refusal: samePictureRefusal("SELFIE", "ID_FRONT") } : reason ? { refusal: reason } : {}),
    };
  }
  const idFace = onlyFace(idAnalysis);
  const selfieFace = onlyFace(selfieAnalysis);
  if (idAnalysis && selfieAnalysis && selfieFace) {
    // The selfie against the ID photo, as the face check job (TARGET_FACE_NOT_IDENTIFIED without one face there).
    if (!idFace) result.match = { distance: null, threshold, decision: "no_match", reason: "TARGET_FACE_NOT_IDENTIFIED" };
    else {
      const distance = roundDistance(faceDistance(selfieFace.descriptor, idFace.descriptor));
      result.match = { distance, threshold, decision: facesMatch(distance, threshold) ? "match" : "no_match" };
    }
  }

  if (input.video) {
    const original = bytes(input.video);
    const mimeType = extname(input.video).toLowerCase() === ".mp4" ? "video/mp4" : "video/webm";
    // Stored WebMs are remuxed at upload so that they have a duration (lib/evidence/upload-evidence.ts).
    const video = mimeType === "video/webm" ? (await remuxWebm(original)).bytes : original;
    // The video step compares with the selfie when there is one, else with the ID photo (the usual flows).
    const target = selfieAnalysis ? selfieFace : idFace;
    if (!target) result.liveness = { decision: "repeat", reasons: ["TARGET_FACE_NOT_IDENTIFIED"] };
    else {
      // With an ID photo behind the selfie, the live face is compared with the ID photo too, as the worker does.
      const idPhoto = selfieAnalysis && idFace ? idFace : undefined;
      const verdict = await judgeRecording(video, mimeType, input.prompts ?? [], target, { ...settings, idPhoto });
      result.liveness = {
        // The decision of the challenge; the checks before it (no face, several faces, another person) fail as "repeat".
        decision: verdict.decision ?? (verdict.check === "IN_REVIEW" ? "review" : "repeat"),
        reasons:
          verdict.reason && verdict.reason !== "LIVENESS_ATTACK" && verdict.reason !== "LIVENESS_REPEAT"
            ? [verdict.reason]
            : verdict.reasons,
        check: verdict.check,
        ...(verdict.reason ? { refusal: verdict.reason } : {}),
        matchedFrames: verdict.matchedFrames,
        describedFrames: verdict.describedFrames,
        frames: verdict.frames.length,
        measurements: verdict.movement,
        comparedWith: selfieAnalysis ? "selfie" : "id",
        ...(verdict.idPhoto ? { idPhoto: verdict.idPhoto } : {}),
        prompts: input.prompts ?? [],
        digits: { given: input.digits ?? null, judged: false, note: "the spoken digits are not checked" },
        ms: verdict.ms,
      };
      if (!idAnalysis && selfieAnalysis) {
        const distances = verdict.frames.map((f) => f.distance).filter((d): d is number => d !== null);
        const best = distances.length ? Math.min(...distances) : null;
        result.match = {
          distance: best === null ? null : r3(best),
          threshold,
          decision: verdict.reason === "FACE_MISMATCH" || best === null || !facesMatch(best, threshold) ? "no_match" : "match",
          of: "video frames against the selfie (the closest frame)",
        };
      }
    }
  }
  result.ms = Math.round(performance.now() - started);
  return result;
}

async function main() {
  const { values } = parseArgs({
    options: {
      id: { type: "string" },
      rear: { type: "string" },
      selfie: { type: "string" },
      video: { type: "string" },
      digits: { type: "string" },
      prompts: { type: "string" },
      batch: { type: "string" },
      org: { type: "string" },
    },
    strict: true,
  });
  const org = values.org === undefined ? null : Number(values.org);
  if (org !== null && !Number.isInteger(org)) throw new Error("--org takes an organisation's numeric id");
  const settings = await config(org);
  const engine = await faceEngine();
  const header = {
    models: faceModels,
    videoModels: videoFaceModels,
    backend: engine.backend,
    loadMs: Math.round(engine.loadMs),
    ...settings,
  };

  if (values.batch) {
    console.error(JSON.stringify(header));
    const lines = createInterface({ input: values.batch === "-" ? process.stdin : createReadStream(values.batch) });
    for await (const line of lines) {
      if (!line.trim()) continue;
      try {
        console.log(JSON.stringify(await check(caseSchema.parse(JSON.parse(line)), settings)));
      } catch (error) {
        console.log(JSON.stringify({ error: error instanceof Error ? error.message.slice(0, 300) : String(error) }));
      }
    }
    return;
  }
  const prompts: unknown = values.prompts === undefined ? undefined : JSON.parse(values.prompts);
  const single = { id: values.id, rear: values.rear, selfie: values.selfie, video: values.video, digits: values.digits, prompts };
  const input = caseSchema.parse(Object.fromEntries(Object.entries(single).filter(([, v]) => v !== undefined)));
  if (Object.keys(input).length === 0) throw new Error("Give at least one of --id, --rear, --selfie, --video, or --batch FILE");
  console.log(JSON.stringify({ ...(await check(input, settings)), config: header }));
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
