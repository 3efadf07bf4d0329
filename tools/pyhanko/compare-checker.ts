/**
 * Our difference analysis (lib/pdf/revision-analysis.ts) against pyHanko's, on the files check-samples.sh validated:
 * for every NAME.json beside a NAME.pdf, each signature's modification level must be the same.
 *
 *   bash tools/pyhanko/check-samples.sh && npx tsx tools/pyhanko/compare-checker.ts [DIR]   (default .tmp/pyhanko-samples)
 *
 * Exit status 1 on any disagreement. Not part of CI (pyHanko is Python); run it after changing the checker.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { analyseRevisions } from "@/lib/pdf/revision-analysis";

type PyHankoReport = { signatures: { field: string; coverage: string; modification?: { level?: string } | null }[] };

async function main(): Promise<void> {
  const dir = path.resolve(process.argv[2] ?? ".tmp/pyhanko-samples");
  let disagreements = 0;
  for (const json of readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()) {
    const pdf = path.join(dir, json.replace(/\.json$/, ".pdf"));
    if (!existsSync(pdf)) continue;
    const theirs = JSON.parse(readFileSync(path.join(dir, json), "utf8")) as PyHankoReport;
    const ours = new Map((await analyseRevisions(new Uint8Array(readFileSync(pdf)))).map((report) => [report.field, report]));
    for (const signature of theirs.signatures) {
      // pyHanko leaves the level out when nothing follows the signature (coverage ENTIRE_FILE): that is our NONE.
      const expected = signature.modification?.level ?? (signature.coverage === "ENTIRE_FILE" ? "NONE" : "?");
      const actual = ours.get(signature.field)?.level ?? "(missing)";
      const same = expected === actual;
      if (!same) disagreements += 1;
      console.log(
        `${same ? "ok  " : "DIFF"} ${path.basename(pdf).padEnd(32)} ${signature.field.padEnd(28)} pyHanko ${expected.padEnd(13)} ours ${actual}`,
      );
    }
  }
  console.log(disagreements === 0 ? "every level agrees" : `${disagreements} disagreement(s)`);
  process.exit(disagreements === 0 ? 0 : 1);
}

void main();
