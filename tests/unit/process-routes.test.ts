import { describe, expect, it } from "vitest";
import { apiPath, checkWaitPath, dataPath, nextPath, pagePath, routesOf } from "@/lib/process-routes";

const urlSign = "a".repeat(32);
const processHexId = "b".repeat(32);
const signer = { urlSign, processHexId };
const validation = { urlSign, processHexId, kind: "validation" as const };

describe("the routes of a signer's and a validation's link", () => {
  it("puts each process's pages under its own root, a signer's when the kind is not said", () => {
    expect(pagePath(signer, "id-photo")).toBe(`/signature-process/id-photo/${urlSign}/${processHexId}`);
    expect(pagePath({ ...signer, kind: "signature" }, "finishedAttempts", "1")).toBe(
      `/signature-process/finishedAttempts/${urlSign}/${processHexId}/1`,
    );
    expect(pagePath(validation, "id-photo")).toBe(`/validation-process/id-photo/${urlSign}/${processHexId}`);
    expect([routesOf(signer).videoPage, routesOf(validation).videoPage]).toEqual(["videosignature", "video"]);
  });

  it("calls each process's own API and data (spec §3 getSignatureProcess, getValidationProcess)", () => {
    expect(apiPath(signer, "evidence")).toBe(`/api/signprocess/${processHexId}/evidence`);
    expect(apiPath(validation, "step/data-confirm")).toBe(`/api/validation-process/${processHexId}/step/data-confirm`);
    expect(dataPath(signer)).toBe(`/api/signprocess/getSignatureProcess/${processHexId}`);
    expect(dataPath(validation)).toBe(`/api/validation/getValidationProcess/${processHexId}`);
    expect([routesOf(signer).locationProcess, routesOf(validation).locationProcess]).toEqual(["ENVIO", "VALIDACION"]);
  });

  it("follows an answer's next: a path as it is, a page name within the process's pages", () => {
    expect(nextPath(signer, "/wait/x/y")).toBe("/wait/x/y");
    expect(nextPath(validation, "data-confirm")).toBe(`/validation-process/data-confirm/${urlSign}/${processHexId}`);
  });

  it("waits for a check on /wait for a signer, on the step's own page for a validation", () => {
    expect(checkWaitPath(signer, "selfie-photo")).toBe(`/wait/${urlSign}/${processHexId}`);
    expect(checkWaitPath(validation, "selfie-photo")).toBe(`/validation-process/selfie-photo/${urlSign}/${processHexId}`);
  });
});
