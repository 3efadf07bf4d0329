import { readFileSync } from "node:fs";

// Reads KEY=VALUE lines (no quoting, no expansion): the subset that bash's `source` reads the same way.
export function readEnvFile(file: string): Record<string, string> {
  const entries = readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const separator = line.indexOf("=");
      if (separator < 1) throw new Error(`${file}: expected KEY=VALUE, got "${line}"`);
      return [line.slice(0, separator), line.slice(separator + 1)] as const;
    });
  return Object.fromEntries(entries);
}
