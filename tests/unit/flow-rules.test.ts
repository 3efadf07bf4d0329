import { describe, expect, it } from "vitest";
import { activationIssues, comparesFace, createFlowInput, flowConfigIssues, type FlowStepInput } from "@/lib/flows/flow-schemas";

const issues = (steps: FlowStepInput[], kind: "SIGNATURE" | "VALIDATION" = "SIGNATURE", expirationDays = 15) =>
  flowConfigIssues({ kind, expirationDays, steps });

describe("flow rules shared by the editor and the server", () => {
  it("list every problem, by field, so the editor can mark each control", () => {
    expect(
      issues(
        [{ type: "SELFIE", compareFace: true, maxAttempts: 20 }, { type: "SELFIE" }, { type: "ACCEPT_TERMS", expiryMinutes: 0 }],
        "SIGNATURE",
        400,
      ),
    ).toEqual([
      { code: "FLOW_VALUE_OUT_OF_BOUNDS", field: "expirationDays", min: 1, max: 365 },
      { code: "FLOW_VALUE_OUT_OF_BOUNDS", field: "steps.0.maxAttempts", min: 1, max: 10 },
      { code: "FLOW_FACE_COMPARISON", field: "steps.0.compareFace" },
      { code: "FLOW_DUPLICATE_STEP", field: "steps.1.type" },
      { code: "FLOW_VALUE_OUT_OF_BOUNDS", field: "steps.2.expiryMinutes", min: 1, max: 1440 },
    ]);
  });

  it("accept the bounds themselves", () => {
    expect(
      issues(
        [
          { type: "ID_PHOTO", expiryMinutes: 1, maxAttempts: 1 },
          { type: "VIDEO", expiryMinutes: 1440, maxAttempts: 10, compareWithPosition: 1 },
        ],
        "SIGNATURE",
        365,
      ),
    ).toEqual([]);
    expect(issues([], "SIGNATURE", 1)).toEqual([]);
  });

  it("infer face comparison from a given source", () => {
    expect(comparesFace({ type: "SELFIE" })).toBe(false);
    expect(comparesFace({ type: "SELFIE", compareTarget: "REGISTRY" })).toBe(true);
    expect(comparesFace({ type: "VIDEO", compareWithPosition: 1 })).toBe(true);
  });

  it("only compare with an earlier ID photo or selfie", () => {
    expect(issues([{ type: "ID_PHOTO" }, { type: "SELFIE", compareWithPosition: 1 }, { type: "VIDEO", compareWithPosition: 2 }])).toEqual(
      [],
    );
    expect(issues([{ type: "DATA_CONFIRM" }, { type: "VIDEO", compareWithPosition: 1 }])).toEqual([
      { code: "FLOW_FACE_COMPARISON", field: "steps.1.compareWithPosition" },
    ]);
    expect(issues([{ type: "VIDEO", compareWithPosition: 1 }])).toEqual([
      { code: "FLOW_FACE_COMPARISON", field: "steps.0.compareWithPosition" },
    ]);
  });

  it("keep documents out of validation flows and authorities on one step", () => {
    expect(issues([{ type: "SEE_DOCUMENT" }], "VALIDATION")).toEqual([{ code: "FLOW_INVALID_CONFIG", field: "steps.0.type" }]);
    expect(
      issues([
        { type: "DATA_CONFIRM", validateWithAuthority: true },
        { type: "SELFIE", validateWithAuthority: true, compareTarget: "REGISTRY" },
      ]),
    ).toEqual([{ code: "FLOW_AUTHORITY_SINGLE_STEP", field: "steps.1.validateWithAuthority" }]);
  });

  it("ask an active flow for 2 steps, and a signature flow for the signature step", () => {
    expect(activationIssues({ kind: "SIGNATURE", steps: [{ type: "DATA_CONFIRM" }] })).toEqual([
      { code: "FLOW_MIN_STEPS", field: "steps", min: 2 },
      { code: "FLOW_SIGNATURE_STEP_REQUIRED", field: "steps" },
    ]);
    expect(activationIssues({ kind: "VALIDATION", steps: [{ type: "ID_PHOTO" }, { type: "SELFIE" }] })).toEqual([]);
  });

  it("require a title with the spec's code", () => {
    const result = createFlowInput.safeParse({ name: "  " });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ message: "FLOW_TITLE_REQUIRED", path: ["name"] });
  });
});
