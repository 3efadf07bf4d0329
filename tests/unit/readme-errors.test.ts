import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { errorCodes, errorStatus } from "@/lib/errors/codes";
import { integratorErrorCodes, readmeErrorTable, readmePath, renderErrorTable } from "@/scripts/readme-errors";

describe("the README's table of error codes", () => {
  const readme = readFileSync(readmePath, "utf8");

  it("is the catalogue's: each code with its HTTP status and English message (after changing one, run `npm run docs:errors`)", () => {
    expect(readmeErrorTable(readme), "README.md's error table is stale: npm run docs:errors").toBe(renderErrorTable());
  });

  it("lists every code of the integrator's operations (shipments, sending, downloads, callbacks, webhooks, idempotency)", () => {
    const listed = [...readmeErrorTable(readme).matchAll(/^\| `([A-Z_]+)` \| (\d{3}) \|/gm)].map((match) => [match[1], Number(match[2])]);
    expect(listed.map(([code]) => code)).toEqual(integratorErrorCodes());
    for (const [code, status] of listed) expect(errorStatus[code as keyof typeof errorStatus]).toBe(status);
    for (const code of errorCodes.filter((c) => /^(SHIPMENT|SENDING|DOWNLOAD|CALLBACK|WEBHOOK|IDEMPOTENCY)_/.test(c)))
      expect(listed.map(([listedCode]) => listedCode)).toContain(code);
    expect(listed.map(([code]) => code)).toEqual(expect.arrayContaining(["VALIDATION_FAILED", "NOT_FOUND", "RATE_LIMITED", "FORBIDDEN"]));
  });
});
