import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderSdkFiles, sdkFiles } from "@/scripts/sdk-generate";

describe("the SDK's generated files", () => {
  it("are those of the OpenAPI document the code builds (after changing an operation, run `npm run sdk:generate`)", async () => {
    const expected = await renderSdkFiles();
    // Compared as values first, so a stale document fails with a readable diff of what changed.
    expect(JSON.parse(readFileSync(sdkFiles.document, "utf8")), "sdk/openapi.json is stale: npm run sdk:generate").toEqual(
      JSON.parse(expected.document),
    );
    expect(readFileSync(sdkFiles.document, "utf8") === expected.document, "sdk/openapi.json is stale: npm run sdk:generate").toBe(true);
    expect(readFileSync(sdkFiles.schema, "utf8") === expected.schema, "sdk/src/schema.d.ts is stale: npm run sdk:generate").toBe(true);
  }, 60_000);
});
