import { z } from "zod";
import { lineText } from "@/lib/validation/text";
import type { ErrorCode } from "@/lib/errors/codes";

// Flow inputs and rules (spec §3 "Flow", §4 "Flow", §5 "Flow"), shared by the step-flow editor and
// the server so that both refuse the same configurations with the same codes.

/**
 * The steps of spec §4 in the order the editor offers them. Geolocation is not a step here: the
 * flow's geolocateSigners and obligatoryGeolocation flags carry it.
 */
export const stepTypes = [
  "DATA_CONFIRM",
  "ACCEPT_TERMS",
  "SEE_DOCUMENT",
  "ID_PHOTO",
  "SELFIE",
  "VIDEO",
  "SIGNATURE",
  "FINGERPRINT",
] as const;
export type FlowStepType = (typeof stepTypes)[number];

export const flowKinds = ["SIGNATURE", "VALIDATION"] as const;
export type FlowKindName = (typeof flowKinds)[number];

/** What a face may be compared with when no earlier step of the flow captured one. */
export const compareTargets = ["ID_FRONT", "SELFIE", "REGISTRY"] as const;
export type CompareTarget = (typeof compareTargets)[number];

/** Bounds of the numeric settings; a value outside them is refused with FLOW_VALUE_OUT_OF_BOUNDS. */
export const flowBounds = {
  expiryMinutes: { min: 1, max: 1440 },
  maxAttempts: { min: 1, max: 10 },
  expirationDays: { min: 1, max: 365 },
} as const;

/** A flow needs at least this many steps to be active (spec §5 leaves the number to us). */
export const minStepsToActivate = 2;

export const defaultExpirationDays = 15;

type StepSettings = {
  /** Targets a face comparison of this step may use; null when the step captures no face. */
  compareTargets: readonly CompareTarget[] | null;
  documentType: boolean;
  attempts: boolean;
  authority: boolean;
};

/** Which settings each step takes. Expiry time applies to every step. */
export const stepSettings: Record<FlowStepType, StepSettings> = {
  DATA_CONFIRM: { compareTargets: null, documentType: false, attempts: false, authority: true },
  ACCEPT_TERMS: { compareTargets: null, documentType: false, attempts: false, authority: false },
  SEE_DOCUMENT: { compareTargets: null, documentType: true, attempts: false, authority: false },
  ID_PHOTO: { compareTargets: null, documentType: false, attempts: true, authority: true },
  SELFIE: { compareTargets: ["ID_FRONT", "REGISTRY"], documentType: false, attempts: true, authority: true },
  VIDEO: { compareTargets: ["ID_FRONT", "SELFIE", "REGISTRY"], documentType: false, attempts: true, authority: false },
  SIGNATURE: { compareTargets: null, documentType: true, attempts: false, authority: false },
  FINGERPRINT: { compareTargets: null, documentType: false, attempts: true, authority: true },
};

const noSettings: StepSettings = { compareTargets: null, documentType: false, attempts: false, authority: false };

/** The settings of a step type; none for a type the editor does not offer (GEOLOCATION rows). */
export function settingsOf(type: string): StepSettings {
  return (stepSettings as Record<string, StepSettings | undefined>)[type] ?? noSettings;
}

/** A validation has no document to show or sign. */
export const stepsOfKind: Record<FlowKindName, readonly FlowStepType[]> = {
  SIGNATURE: stepTypes,
  VALIDATION: stepTypes.filter((type) => type !== "SEE_DOCUMENT" && type !== "SIGNATURE"),
};

/** Steps whose capture holds a face that a later step can be compared with. */
export const faceSourceSteps: readonly FlowStepType[] = ["ID_PHOTO", "SELFIE"];

const invalid = { error: "FLOW_INVALID_CONFIG" } as const;
const optionalInteger = z.number(invalid).int("FLOW_INVALID_CONFIG").nullable().optional();

export const flowStepInput = z.object({
  type: z.enum(stepTypes, invalid),
  /** Left out, it follows from whether a comparison source is given. */
  compareFace: z.boolean(invalid).optional(),
  /** 1-based position of an earlier ID_PHOTO or SELFIE step of the same flow. */
  compareWithPosition: optionalInteger,
  compareTarget: z.enum(compareTargets, invalid).nullable().optional(),
  documentTypeHexId: z
    .string(invalid)
    .regex(/^[0-9a-f]{32}$/, "FLOW_INVALID_CONFIG")
    .nullable()
    .optional(),
  expiryMinutes: optionalInteger,
  maxAttempts: optionalInteger,
  validateWithAuthority: z.boolean(invalid).optional(),
});
export type FlowStepInput = z.input<typeof flowStepInput>;

const flowFields = {
  name: lineText({ error: "FLOW_TITLE_REQUIRED" }).trim().min(1, "FLOW_TITLE_REQUIRED").max(120, "VALIDATION_FAILED"),
  expirationDays: z.number(invalid).int("FLOW_INVALID_CONFIG").default(defaultExpirationDays),
  geolocateSigners: z.boolean(invalid).default(false),
  obligatoryGeolocation: z.boolean(invalid).default(false),
  steps: z.array(flowStepInput, invalid).default([]),
};

export const createFlowInput = z.object({ ...flowFields, kind: z.enum(flowKinds, invalid).default("SIGNATURE") });

/** The kind is fixed at creation: changing it would leave the old kind without its default flow. */
export const updateFlowInput = z.object(flowFields);

export const cloneFlowInput = z.object({ name: flowFields.name.optional() });

export type FlowIssue = { code: ErrorCode; field: string; min?: number; max?: number };

type Bounded = keyof typeof flowBounds;

function outOfBounds(value: number | null | undefined, key: Bounded, field: string): FlowIssue | null {
  if (value === null || value === undefined) return null;
  const { min, max } = flowBounds[key];
  return value < min || value > max ? { code: "FLOW_VALUE_OUT_OF_BOUNDS", field, min, max } : null;
}

/** Whether the step compares a face: explicit, or implied by a comparison source. */
export function comparesFace(step: FlowStepInput): boolean {
  return step.compareFace ?? (step.compareWithPosition != null || step.compareTarget != null);
}

function compareIssue(step: FlowStepInput, index: number, steps: readonly FlowStepInput[]): FlowIssue | null {
  const field = `steps.${index}`;
  const allowed = settingsOf(step.type).compareTargets;
  const hasSource = step.compareWithPosition != null || step.compareTarget != null;
  if (!allowed) return step.compareFace || hasSource ? { code: "FLOW_INVALID_CONFIG", field: `${field}.compareFace` } : null;
  if (!comparesFace(step)) return hasSource ? { code: "FLOW_INVALID_CONFIG", field: `${field}.compareFace` } : null;
  if (step.compareWithPosition != null && step.compareTarget != null)
    return { code: "FLOW_INVALID_CONFIG", field: `${field}.compareTarget` };
  if (step.compareTarget != null)
    return allowed.includes(step.compareTarget) ? null : { code: "FLOW_INVALID_CONFIG", field: `${field}.compareTarget` };
  const position = step.compareWithPosition;
  if (position == null) return { code: "FLOW_FACE_COMPARISON", field: `${field}.compareFace` };
  const source = position >= 1 && position <= index ? steps[position - 1] : undefined;
  return source && faceSourceSteps.includes(source.type) ? null : { code: "FLOW_FACE_COMPARISON", field: `${field}.compareWithPosition` };
}

/** Every configuration problem of a flow, in the order of the form; empty when it may be saved. */
export function flowConfigIssues(input: { kind: FlowKindName; expirationDays: number; steps: readonly FlowStepInput[] }): FlowIssue[] {
  const issues: FlowIssue[] = [];
  const push = (issue: FlowIssue | null) => {
    if (issue) issues.push(issue);
  };
  push(outOfBounds(input.expirationDays, "expirationDays", "expirationDays"));
  const seen = new Set<FlowStepType>();
  let authorityStep: number | null = null;
  input.steps.forEach((step, index) => {
    const field = `steps.${index}`;
    const settings = settingsOf(step.type);
    if (!stepsOfKind[input.kind].includes(step.type)) push({ code: "FLOW_INVALID_CONFIG", field: `${field}.type` });
    if (seen.has(step.type)) push({ code: "FLOW_DUPLICATE_STEP", field: `${field}.type` });
    seen.add(step.type);
    push(outOfBounds(step.expiryMinutes, "expiryMinutes", `${field}.expiryMinutes`));
    if (step.maxAttempts != null && !settings.attempts) push({ code: "FLOW_INVALID_CONFIG", field: `${field}.maxAttempts` });
    else push(outOfBounds(step.maxAttempts, "maxAttempts", `${field}.maxAttempts`));
    if (step.documentTypeHexId != null && !settings.documentType)
      push({ code: "FLOW_INVALID_CONFIG", field: `${field}.documentTypeHexId` });
    if (step.validateWithAuthority) {
      if (!settings.authority) push({ code: "FLOW_INVALID_CONFIG", field: `${field}.validateWithAuthority` });
      else if (authorityStep !== null) push({ code: "FLOW_AUTHORITY_SINGLE_STEP", field: `${field}.validateWithAuthority` });
      else authorityStep = index;
    }
    push(compareIssue(step, index, input.steps));
  });
  return issues;
}

/** What an active flow needs on top of a valid configuration. */
export function activationIssues(input: { kind: FlowKindName; steps: readonly { type: string }[] }): FlowIssue[] {
  const issues: FlowIssue[] = [];
  if (input.steps.length < minStepsToActivate) issues.push({ code: "FLOW_MIN_STEPS", field: "steps", min: minStepsToActivate });
  if (input.kind === "SIGNATURE" && !input.steps.some((step) => step.type === "SIGNATURE"))
    issues.push({ code: "FLOW_SIGNATURE_STEP_REQUIRED", field: "steps" });
  return issues;
}
