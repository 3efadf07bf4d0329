import type { StepType } from "@/lib/db/generated/enums";

/** The /validation-process page of each step a validation flow may hold (spec §2); terms are accepted on the home page. */
export const validationStepPages: Partial<Record<StepType, string>> = {
  DATA_CONFIRM: "data-capture-validation",
  ACCEPT_TERMS: "home-page",
  ID_PHOTO: "id-photo",
  SELFIE: "selfie-photo",
  VIDEO: "video",
  FINGERPRINT: "fingerprint",
};

/** The first public page of a validation process, where a correct PIN leads. */
export function validationProcessPath(page: string, urlSign: string, processHexId: string): string {
  return `/validation-process/${page}/${urlSign}/${processHexId}`;
}

/**
 * The flow every organisation starts with for validation links: the person's data, their ID document, a selfie
 * compared with it, and a video compared with the selfie (spec §1 identity evidence).
 */
export const defaultValidationFlow = {
  name: "Validación de identidad",
  steps: [
    { position: 1, type: "DATA_CONFIRM" as const },
    { position: 2, type: "ID_PHOTO" as const },
    { position: 3, type: "SELFIE" as const, compareWithPosition: 2 },
    { position: 4, type: "VIDEO" as const, compareWithPosition: 3 },
  ],
};
