import type { StepType } from "@/lib/db/generated/enums";

/** The /signature-process page that carries each step. GEOLOCATION is asked on the home page. */
export const signerStepPages = {
  DATA_CONFIRM: "data-confirm",
  ACCEPT_TERMS: "accept-terms",
  SEE_DOCUMENT: "see-document",
  ID_PHOTO: "id-photo",
  SELFIE: "selfie-photo",
  VIDEO: "videosignature",
  SIGNATURE: "digital-signature",
  FINGERPRINT: "fingerprint",
} as const satisfies Partial<Record<StepType, string>>;

export type SignerStepType = keyof typeof signerStepPages;
export type SignerPage = (typeof signerStepPages)[SignerStepType];

export function isSignerStep(type: StepType): type is SignerStepType {
  return Object.hasOwn(signerStepPages, type);
}

export function stepOfPage(page: string): SignerStepType | undefined {
  return (Object.keys(signerStepPages) as SignerStepType[]).find((type) => signerStepPages[type] === page);
}

type FlowStepLike = { position: number; type: StepType };

/** The steps a signer goes through, in the flow's order, only those configured. */
export function signerSteps<S extends FlowStepLike>(flowSteps: readonly S[]): (S & { type: SignerStepType })[] {
  return [...flowSteps].sort((a, b) => a.position - b.position).filter((s): s is S & { type: SignerStepType } => isSignerStep(s.type));
}

/** A flow asks for the signer's location when it has a GEOLOCATION step or the flow flag says so. */
export function asksForLocation(flow: {
  geolocateSigners: boolean;
  obligatoryGeolocation: boolean;
  steps: readonly FlowStepLike[];
}): boolean {
  return flow.geolocateSigners || flow.obligatoryGeolocation || flow.steps.some((s) => s.type === "GEOLOCATION");
}

export function processPagePath(page: string, urlSign: string, processHexId: string, ...extra: string[]): string {
  return ["", "signature-process", page, urlSign, processHexId, ...extra].map(encodeURIComponent).join("/");
}

/** /wait/{urlSign}/{processHexId}: the signer waits there while a capture is checked (a selfie against their ID photo). */
export function waitPagePath(urlSign: string, processHexId: string): string {
  return ["", "wait", urlSign, processHexId].map(encodeURIComponent).join("/");
}
