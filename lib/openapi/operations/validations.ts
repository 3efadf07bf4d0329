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
import { hexIdPath, operationGroup } from "./common";

const link = { schema: validationLinkView, component: "ValidationLink" };
const linkPath = hexIdPath("validationHexId", "The validation link's hexId");
const rules =
  "Spec §5: the PIN has 4 digits (VALIDATION_PIN_FORMAT), the expiration date is a future ISO 8601 date (VALIDATION_EXPIRATION_INVALID), the flow an active validation flow of the organisation (VALIDATION_FLOW_INVALID); empty fields answer EMPTY_FIELD.";
const toggle = (action: "activate" | "deactivate", summary: string, description: string) => ({
  method: "post" as const,
  path: `/api/validations/{validationHexId}/${action}`,
  operationId: `${action}ValidationLink`,
  summary,
  needs: "FIRMA:UPDATE",
  description,
  pathParams: linkPath,
  responses: { 200: { description: "The link as changed", body: link } },
});

export const validationLinkOperations = operationGroup(
  "Validation links",
  "tokenOrApiKey",
)([
  {
    method: "get",
    path: "/api/validations",
    operationId: "listValidationLinks",
    summary: "The organisation's validation links, newest first, one page",
    needs: "FIRMA:VIEW",
    description:
      "Every word of `search` must appear in the description or the flow's name. `state` tells at once whether the link can start processes.",
    query: listValidationLinksQuery,
    responses: { 200: { description: "A page of links under _embedded.validations", body: { schema: validationLinkPage } } },
  },
  {
    method: "post",
    path: "/api/validations",
    idempotent: true,
    operationId: "createValidationLink",
    summary: "Create an active validation link with a 4-digit PIN",
    needs: "FIRMA:CREATE",
    description: `${rules} The PIN is stored only as a keyed hash: keep it, it cannot be read back.`,
    body: { schema: createValidationLinkInput, component: "CreateValidationLinkInput" },
    responses: {
      201: {
        description: "Created; `url` is the page people open (/loginvalidation/{validationHexId})",
        body: { schema: createdValidationLink },
      },
    },
  },
  {
    method: "get",
    path: "/api/validations/{validationHexId}",
    operationId: "getValidationLink",
    summary: "One validation link",
    needs: "FIRMA:VIEW",
    pathParams: linkPath,
    responses: { 200: { description: "The link", body: link } },
  },
  {
    method: "put",
    path: "/api/validations/{validationHexId}",
    operationId: "updateValidationLink",
    summary: "Edit a validation link",
    needs: "FIRMA:UPDATE",
    description: `${rules} Leave \`pin\` out (or empty) to keep the current one. When nothing differs from what is stored, nothing is saved: 409 VALIDATION_NOT_MODIFIED.`,
    pathParams: linkPath,
    body: { schema: updateValidationLinkInput, component: "UpdateValidationLinkInput" },
    responses: { 200: { description: "The link as saved", body: link } },
    errors: [409],
  },
  toggle("activate", "Activate a validation link", "It accepts new validations again; a link locked by wrong PINs is unlocked."),
  toggle(
    "deactivate",
    "Deactivate a validation link",
    "It accepts no new validations (403 VALIDATION_LINK_INACTIVE); processes already started go on.",
  ),
]);

export const validationProcessOperations = operationGroup(
  "Validation process",
  "public",
)([
  {
    method: "post",
    path: "/api/validation/{validationHexId}/login",
    operationId: "loginValidation",
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
  {
    method: "get",
    path: "/api/validation/getValidationProcess/{id}",
    operationId: "getValidationProcess",
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
            }),
          }),
        },
      },
    },
  },
  {
    method: "get",
    path: "/api/data/validationProcessStatuses",
    operationId: "listValidationProcessStatuses",
    summary: "Spec §3 validation statuses list, in the caller's language",
    responses: {
      200: {
        description: "Under _embedded.validationProcessStatuses",
        body: {
          schema: z.object({
            _embedded: z.object({
              validationProcessStatuses: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), final: z.boolean() })),
            }),
          }),
        },
      },
    },
  },
]);
