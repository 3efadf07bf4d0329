import type { RouteClass } from "./types";

// Validation links (/validations) act on the caller's organisation's links only; the public calls of
// /loginvalidation and the validation pages are bound to one link by its hexId and PIN, or to one process by
// its secret (X-Url-Sign); the statuses catalogue holds no organisation's data.
export const routeClasses: Record<string, RouteClass> = {
  validations: "organization",
  "validations/[validationHexId]": "organization",
  "validations/[validationHexId]/activate": "organization",
  "validations/[validationHexId]/deactivate": "organization",
  "validation/[validationHexId]/login": "public",
  "validation/getValidationProcess/[id]": "public",
  "data/validationProcessStatuses": "public",
  // Staff review of validation processes (/seeValidation): the caller's organisation's processes only.
  "validation-processes": "organization",
  "validation-processes/[processHexId]": "organization",
  "validation-processes/[processHexId]/accept": "organization",
  "validation-processes/[processHexId]/reject": "organization",
  "validation-processes/[processHexId]/evidences/[evidenceHexId]": "organization",
  // The person's own validation process (lib/validation-process), bound to it by its secret (X-Url-Sign).
  "validation-process/[processHexId]/step/[page]": "public",
  "validation-process/[processHexId]/evidence": "public",
  "validation-process/[processHexId]/video-challenge": "public",
  "validation-process/[processHexId]/restart": "public",
  "validation-process/[processHexId]/reject": "public",
  "validation/uploadNewSelfie": "public",
  "validation/verify/[id]": "public",
};
