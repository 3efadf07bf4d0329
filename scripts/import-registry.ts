// Loads the local government identity registry: npx tsx scripts/import-registry.ts people.csv
import { readFile } from "node:fs/promises";
import path from "node:path";
import { importRegistry } from "@/lib/registry/import-registry";

const file = process.argv[2];
if (!file) {
  console.error("usage: npx tsx scripts/import-registry.ts <people.csv|people.xlsx>");
  process.exit(2);
}
const result = await importRegistry({ fileName: path.basename(file), bytes: await readFile(file) });
console.log(`Imported ${result.imported} people into the local identity registry.`);
process.exit(0);
