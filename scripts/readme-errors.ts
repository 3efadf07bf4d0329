/**
 * The README's table of the error codes an integrator meets most ("For integrators" → Errors), from the error
 * catalogue (lib/errors/codes.ts: code and HTTP status) and the English messages (messages/en-us.json):
 *
 *   npx tsx scripts/readme-errors.ts     (npm run docs:errors)
 *
 * rewrites the table between its two markers. tests/unit/readme-errors.test.ts fails while it is stale.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import en from "@/messages/en-us.json";
import { errorCodes, errorStatus, type ErrorCode } from "@/lib/errors/codes";

export const readmePath = path.join(fileURLToPath(new URL("..", import.meta.url)), "README.md");
const start = "<!-- error-codes:start (npm run docs:errors) -->";
const end = "<!-- error-codes:end -->";

/** Any operation may answer these: bad input, credentials, privileges, records of another organisation, limits. */
const general: readonly ErrorCode[] = [
  "VALIDATION_FAILED",
  "REQUEST_TOO_LARGE",
  "UNAUTHENTICATED",
  "SESSION_EXPIRED",
  "FORBIDDEN",
  "NOT_FOUND",
  "RATE_LIMITED",
  "SERVER_ERROR",
  "CONNECTION_LOST",
];
/** The families of the integrator's own operations: API keys, shipments, sending, downloads, callbacks, webhooks, retries. */
const families = ["API_", "SHIPMENT_", "SENDING_", "DOWNLOAD_", "CALLBACK_", "WEBHOOK_", "IDEMPOTENCY_"] as const;

/** The codes the table lists: the general ones, then every code of the integrator's families, in catalogue order. */
export function integratorErrorCodes(): ErrorCode[] {
  return [...general, ...errorCodes.filter((code) => families.some((family) => code.startsWith(family)))];
}

/** The table, markers included, as the README holds it. */
export function renderErrorTable(): string {
  const messages = en.errors as Record<string, string>;
  const rows = integratorErrorCodes().map((code) => {
    const message = messages[code];
    if (!message) throw new Error(`messages/en-us.json has no errors.${code}`);
    return `| \`${code}\` | ${errorStatus[code]} | ${message.replaceAll("|", "\\|")} |`;
  });
  return [
    start,
    "| errorCode | HTTP status | meaning (the `message`, in English; `{…}` are the answer's fields) |",
    "|---|---|---|",
    ...rows,
    end,
  ].join("\n");
}

/** The README with its table replaced by `table`. */
export function withErrorTable(readme: string, table: string): string {
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md lacks the markers ${start} … ${end}`);
  return readme.slice(0, from) + table + readme.slice(to + end.length);
}

/** The table the README holds now, markers included. */
export function readmeErrorTable(readme: string): string {
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  return from < 0 || to < from ? "" : readme.slice(from, to + end.length);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(readmePath, withErrorTable(readFileSync(readmePath, "utf8"), renderErrorTable()));
  console.log(`Wrote the error table of ${path.basename(readmePath)}`);
}
