import { describe, expect, it } from "vitest";
import { validationPage, validationSteps } from "@/lib/validation-process/validation-pages";

// Where a validation process's person goes: the page of each state and step (lib/validation-process/validation-pages.ts).

const flow = validationSteps([
  { position: 3, type: "SELFIE" as const },
  { position: 1, type: "DATA_CONFIRM" as const },
  { position: 2, type: "GEOLOCATION" as const },
  { position: 4, type: "VIDEO" as const },
]);

describe("validation pages", () => {
  it("keeps the flow's steps that have a page, in position order", () => {
    expect(flow.map((s) => s.type)).toEqual(["DATA_CONFIRM", "SELFIE", "VIDEO"]);
  });

  it("names the current step's page, the data's confirmation once captured, and full-process after the last", () => {
    expect(validationPage({ status: "PENDING", currentStep: 0, dataCapturedAt: null }, flow)).toBe("data-capture-validation");
    expect(validationPage({ status: "IN_PROGRESS", currentStep: 0, dataCapturedAt: new Date() }, flow)).toBe("data-confirm");
    expect(validationPage({ status: "IN_PROGRESS", currentStep: 1, dataCapturedAt: new Date() }, flow)).toBe("selfie-photo");
    expect(validationPage({ status: "IN_PROGRESS", currentStep: 2, dataCapturedAt: null }, flow)).toBe("video");
    expect(validationPage({ status: "IN_PROGRESS", currentStep: 3, dataCapturedAt: null }, flow)).toBe("full-process");
  });

  it("sends each state to its page whatever the step", () => {
    const at = (status: "ATTEMPTS_EXHAUSTED" | "IN_REVIEW" | "COMPLETED" | "REJECTED") =>
      validationPage({ status, currentStep: 1, dataCapturedAt: null }, flow);
    expect(at("ATTEMPTS_EXHAUSTED")).toBe("finishedAttempts");
    expect(at("IN_REVIEW")).toBe("review-process");
    expect(at("COMPLETED")).toBe("full-process");
    expect(at("REJECTED")).toBe("document-rejection");
  });
});
