import type { EvidenceKind, StepType } from "@/lib/db/generated/enums";

/** Which step each captured evidence belongs to. */
export const evidenceStep = {
  ID_FRONT: "ID_PHOTO",
  ID_REAR: "ID_PHOTO",
  SELFIE: "SELFIE",
  VIDEO: "VIDEO",
  FINGERPRINT: "FINGERPRINT",
} as const satisfies Partial<Record<EvidenceKind, StepType>>;

export type CapturedKind = keyof typeof evidenceStep;

export const capturedKinds = Object.keys(evidenceStep) as CapturedKind[];

export function isCapturedKind(value: string): value is CapturedKind {
  return Object.hasOwn(evidenceStep, value);
}

/** The evidence a step needs before it is done: the ID's rear only when its document type has one. */
export function kindsForStep(step: StepType, hasRear: boolean): CapturedKind[] {
  switch (step) {
    case "ID_PHOTO":
      return hasRear ? ["ID_FRONT", "ID_REAR"] : ["ID_FRONT"];
    case "SELFIE":
      return ["SELFIE"];
    case "VIDEO":
      return ["VIDEO"];
    case "FINGERPRINT":
      return ["FINGERPRINT"];
    default:
      return [];
  }
}
