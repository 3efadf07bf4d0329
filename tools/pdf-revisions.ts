/**
 * Difference analysis of signed PDFs, for operators: which revision each signature covers and what later revisions
 * change (lib/pdf/revision-analysis.ts, pyHanko's rules). OTHER means strict validators judge the signature INVALID.
 *
 *   npx tsx tools/pdf-revisions.ts FILE.pdf [FILE.pdf ...] [--json]
 *
 * Exit status 1 when any signature's level is OTHER.
 */
import { readFileSync } from "node:fs";
import { analyseRevisions } from "@/lib/pdf/revision-analysis";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const json = args.includes("--json");
  const files = args.filter((arg) => arg !== "--json");
  if (files.length === 0) {
    console.error("usage: npx tsx tools/pdf-revisions.ts FILE.pdf [FILE.pdf ...] [--json]");
    process.exit(2);
  }
  let failed = false;
  for (const file of files) {
    const reports = await analyseRevisions(new Uint8Array(readFileSync(file)));
    failed ||= reports.some((report) => report.level === "OTHER");
    if (json) {
      console.log(JSON.stringify({ file, reports }));
      continue;
    }
    console.log(`${file}: ${reports.length} signature(s)`);
    for (const report of reports) {
      console.log(`  ${report.field}\t${report.kind}\trevision ${report.revision}\t${report.level}`);
      for (const problem of report.problems) console.log(`    - ${problem}`);
    }
  }
  process.exit(failed ? 1 : 0);
}

void main();
