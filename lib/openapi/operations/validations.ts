import { rateLimits } from "@/lib/security/rate-limits";
import { z } from "zod";
import {
  createdValidationLink,
  createValidationLinkInput,
  listValidationLinksQuery,
  loginValidationInput,
  updateValidationLinkInput,
  validationLinkPage,
  validationLinkView,
  validationLoginAnswer,
} from "@/lib/validations/schemas";
import { listSchema } from "@/lib/http/list-page";
import { livenessAdvice } from "@/lib/evidence/liveness-prompts";
import { hexIdPath, operationGroup } from "./common";

const link = { schema: validationLinkView, component: "ValidationLink" };
const linkPath = hexIdPath("validationHexId", "The validation link's hexId");
const rules =
  "Spec §5: the PIN has 4 digits (VALIDATION_PIN_FORMAT), the expiration date is a future ISO 8601 date (VALIDATION_EXPIRATION_INVALID), the flow an active validation flow of the organisation (VALIDATION_FLOW_INVALID); empty fields answer EMPTY_FIELD.";
const toggle = (action: "activate" | "deactivate", summary: string, description: string) => ({
  method: "post" as const,
  path: `/api/validations/{validationHexId}/${action}`,
  requires: { kind: "privilege" as const, module: "FIRMA" as const, action: "UPDATE" as const },
  tenancy: "organization" as const,
  summary,
  description,
  pathParams: linkPath,
  responses: { 200: { description: "The link as changed", body: link } },
});

export const validationLinkOperations = operationGroup(
  "Validation links",
  "tokenOrApiKey",
)({
  listValidationLinks: {
    method: "get",
    path: "/api/validations",
    requires: { kind: "privilege", module: "FIRMA", action: "VIEW" },
    tenancy: "organization",
    summary: "The organisation's validation links, newest first, one page",
    description:
      "Every word of `search` must appear in the description or the flow's name. `state` tells at once whether the link can start processes.",
    query: listValidationLinksQuery,
    responses: { 200: { description: "A page of links under _embedded.validations", body: { schema: validationLinkPage } } },
  },
  createValidationLink: {
    method: "post",
    path: "/api/validations",
    idempotent: true,
    requires: { kind: "privilege", module: "FIRMA", action: "CREATE" },
    tenancy: "organization",
    summary: "Create an active validation link with a 4-digit PIN",
    description: `${rules} The PIN is stored only as a keyed hash: keep it, it cannot be read back.`,
    body: { schema: createValidationLinkInput, component: "CreateValidationLinkInput" },
    responses: {
      201: {
        description: "Created; `url` is the page people open (/loginvalidation/{validationHexId})",
        body: { schema: createdValidationLink },
      },
    },
  },
  getValidationLink: {
    method: "get",
    path: "/api/validations/{validationHexId}",
    requires: { kind: "privilege", module: "FIRMA", action: "VIEW" },
    tenancy: "organization",
    summary: "One validation link",
    pathParams: linkPath,
    responses: { 200: { description: "The link", body: link } },
  },
  updateValidationLink: {
    method: "put",
    path: "/api/validations/{validationHexId}",
    requires: { kind: "privilege", module: "FIRMA", action: "UPDATE" },
    tenancy: "organization",
    summary: "Edit a validation link",
    description: `${rules} Leave \`pin\` out (or empty) to keep the current one. When nothing differs from what is stored, nothing is saved: 409 VALIDATION_NOT_MODIFIED.`,
    pathParams: linkPath,
    body: { schema: updateValidationLinkInput, component: "UpdateValidationLinkInput" },
    responses: { 200: { description: "The link as saved", body: link } },
    errors: [409],
  },
  activateValidationLink: toggle(
    "activate",
    "Activate a validation link",
    "It accepts new validations again; a link locked by wrong PINs is unlocked.",
  ),
  deactivateValidationLink: toggle(
    "deactivate",
    "Deactivate a validation link",
    "It accepts no new validations (403 VALIDATION_LINK_INACTIVE); processes already started go on.",
  ),
});

export const validationProcessOperations = operationGroup(
  "Validation process",
  "public",
)({
  loginValidation: {
    method: "post",
    path: "/api/validation/{validationHexId}/login",
    rateLimits: [rateLimits.validationLinkFailures, rateLimits.validationPinClient, rateLimits.validationPinLink],
    tenancy: "public",
    summary: "Enter a validation link's PIN: a correct one starts a new validation process",
    description:
      "Each correct PIN starts a new process (one per person) and uses one of the link's maxUses. Answers: 401 VALIDATION_PIN_INCORRECT with `remaining` attempts; 429 VALIDATION_PIN_ATTEMPTS_EXHAUSTED with `seconds` and `minutes` on the 5th wrong PIN from one client, then 429 RATE_LIMITED with `seconds` until the wait ends; 423 VALIDATION_LINK_LOCKED once wrong PINs from many clients locked the link (its staff are mailed); 403 VALIDATION_LINK_INACTIVE, 410 VALIDATION_LINK_EXPIRED, 403 MAX_USES_REACHED; 400 INVALID_LINK for an unknown link.",
    pathParams: linkPath,
    body: { schema: loginValidationInput },
    responses: {
      200: { description: "The new process and its secret (only its SHA-256 is stored)", body: { schema: validationLoginAnswer } },
    },
    errors: [401, 403, 410, 423, 429],
  },
  getValidationProcess: {
    method: "get",
    path: "/api/validation/getValidationProcess/{id}",
    rateLimits: [rateLimits.validationLinkFailures],
    tenancy: "signerLink",
    summary: "Spec §3 validation process data, with the process's secret in X-Url-Sign",
    description:
      "result 1 with the data while the process is live; result 2 with only nameOrganization and logoOrganization and `linkState` once it ended. A wrong or missing secret answers 400 INVALID_LINK, as an unknown process.",
    pathParams: hexIdPath("id", "The validation process's processHexId"),
    responses: {
      200: {
        description: "The validation process data",
        body: {
          schema: z.object({
            result: z.union([z.literal(1), z.literal(2)]),
            invalid: z.boolean(),
            linkState: z.string().optional(),
            data: z.object({
              processHexId: z.string().optional(),
              nameOrganization: z.string(),
              logoOrganization: z.string(),
              stepOrder: z.array(z.string()).optional(),
              expirationDate: z.string().nullable().optional(),
              geolocateSigners: z.boolean().optional(),
              obligatoryGeolocation: z.boolean().optional(),
              preferredLanguage: z.string().optional(),
              status: z.string().optional(),
              currentStep: z.number().int().optional().describe("The index of the current step in stepOrder"),
              nextPage: z.string().optional().describe("The /validation-process page to show"),
              captureConfig: z.record(z.string(), z.string()).optional().describe("The capture settings of the organisation"),
              lastCheck: z
                .object({
                  kind: z.string(),
                  check: z.string(),
                  reason: z.string().nullable(),
                  comparedWith: z.string(),
                  advice: z.enum(livenessAdvice).nullable().describe("For a video asked to be recorded again: what to do differently"),
                })
                .nullable()
                .optional()
                .describe(
                  "The current step's latest checked capture: check PENDING while it runs, then VERIFIED or FAILED with the reason",
                ),
            }),
          }),
        },
      },
    },
  },
  listValidationProcessStatuses: {
    method: "get",
    path: "/api/data/validationProcessStatuses",
    tenancy: "public",
    summary: "Spec §3 validation statuses list, in the caller's language",
    responses: {
      200: {
        description: "The one page of _embedded.validationProcessStatuses (spec §7's path to the list)",
        body: {
          schema: listSchema(
            "validationProcessStatuses",
            z.object({
              id: z.number().int().describe("The status's position in the catalogue (not a record id): new statuses are only appended"),
              code: z.string(),
              name: z.string().describe("In the caller's language"),
              final: z.boolean().describe("A final status ends the process's link for good"),
            }),
          ),
        },
      },
    },
  },
});
