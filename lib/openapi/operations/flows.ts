import { z } from "zod";
import { answer, created } from "../registry";
import type { FlowView } from "@/lib/flows/flow-records";
import { cloneFlowInput, compareTargets, createFlowInput, flowKinds, stepTypes, updateFlowInput } from "@/lib/flows/flow-schemas";
import { listFlowsQuery } from "@/lib/flows/list-flows";
import { listSchema } from "@/lib/http/list-page";
import { hexIdPath, operationGroup } from "./common";

// Flows as toFlowView builds them; `satisfies` keeps the schema and the view in step.

const flowStepView = z.object({
  position: z.number().int(),
  type: z.enum(stepTypes),
  compareFace: z.boolean(),
  compareWithPosition: z.number().int().nullable(),
  compareTarget: z.enum(compareTargets).nullable(),
  documentTypeHexId: z.string().nullable(),
  documentTypeName: z.string().nullable(),
  expiryMinutes: z.number().int().nullable(),
  maxAttempts: z.number().int().nullable(),
  validateWithAuthority: z.boolean(),
});

export const flowViewSchema = z.object({
  flowHexId: z.string(),
  name: z.string(),
  kind: z.enum(flowKinds),
  createdBy: z.string().nullable(),
  creationDate: z.string().describe("ISO 8601"),
  active: z.boolean(),
  isDefault: z.boolean(),
  inUse: z.boolean().describe("Used by a shipment, a validation link or a validation process: it can no longer be edited"),
  expirationDays: z.number().int(),
  geolocateSigners: z.boolean(),
  obligatoryGeolocation: z.boolean(),
  steps: z.array(flowStepView),
}) satisfies z.ZodType<FlowView>;

const flow = { schema: flowViewSchema, component: "Flow" };
const flowPath = hexIdPath("flowHexId", "The flow's hexId");
const readers = "Needs ORGANIZACION:VIEW, or DOCUMENTO:CREATE (who prepares shipments picks a flow).";

export const flowOperations = operationGroup(
  "Flows",
  "tokenOrApiKey",
)({
  listFlows: {
    method: "get",
    path: "/api/flows",
    tenancy: "organization",
    summary: "The organisation's flows, defaults first, then newest",
    description: readers,
    query: listFlowsQuery,
    responses: answer("The flows, all in one page", listSchema("flows", flowViewSchema)),
  },
  createFlow: {
    method: "post",
    path: "/api/flows",
    idempotent: true,
    requires: { kind: "privilege", module: "ORGANIZACION", action: "CREATE" },
    tenancy: "organization",
    summary: "Create a flow: title, expiration, geolocation and the ordered steps",
    description:
      "Invalid configurations are refused with the field at fault (FLOW_INVALID_CONFIG, FLOW_VALUE_OUT_OF_BOUNDS, FLOW_FACE_COMPARISON...).",
    body: { schema: createFlowInput, component: "CreateFlowInput" },
    responses: created(flow, "Created, inactive"),
  },
  getFlow: {
    method: "get",
    path: "/api/flows/{flowHexId}",
    tenancy: "organization",
    summary: "One flow with its steps",
    description: readers,
    pathParams: flowPath,
    responses: answer("The flow", flow),
  },
  updateFlow: {
    method: "put",
    path: "/api/flows/{flowHexId}",
    requires: { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" },
    tenancy: "organization",
    summary: "Change a flow's title, settings and steps",
    description: "A flow already in use cannot be edited (FLOW_IN_USE): clone it instead.",
    pathParams: flowPath,
    body: { schema: updateFlowInput, component: "UpdateFlowInput" },
    responses: answer("Updated", flow),
    errors: [409],
  },
  deleteFlow: {
    method: "delete",
    path: "/api/flows/{flowHexId}",
    requires: { kind: "privilege", module: "ORGANIZACION", action: "DELETE" },
    tenancy: "organization",
    summary: "Delete a flow that is neither default nor in use",
    pathParams: flowPath,
    responses: answer("Deleted", z.object({ result: z.literal(1) })),
    errors: [409],
  },
  activateFlow: {
    method: "post",
    path: "/api/flows/{flowHexId}/activate",
    requires: { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" },
    tenancy: "organization",
    summary: "Activate a flow that has the minimum steps (and, for signature, a signature step)",
    pathParams: flowPath,
    responses: answer("Activated", flow),
  },
  deactivateFlow: {
    method: "post",
    path: "/api/flows/{flowHexId}/deactivate",
    requires: { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" },
    tenancy: "organization",
    summary: "Deactivate a flow; the default flow cannot be deactivated",
    pathParams: flowPath,
    responses: answer("Deactivated", flow),
    errors: [409],
  },
  makeDefaultFlow: {
    method: "post",
    path: "/api/flows/{flowHexId}/default",
    requires: { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" },
    tenancy: "organization",
    summary: "Make a flow the default of its kind, activating it; the previous default stops being one",
    description: "The flow must meet the activation rules.",
    pathParams: flowPath,
    responses: answer("The new default", flow),
  },
  cloneFlow: {
    method: "post",
    path: "/api/flows/{flowHexId}/clone",
    idempotent: true,
    requires: { kind: "privilege", module: "ORGANIZACION", action: "CREATE" },
    tenancy: "organization",
    summary: 'Copy a flow with its steps, inactive and not default; without a name it is called "<name> (copia)"',
    pathParams: flowPath,
    body: { schema: cloneFlowInput },
    bodyOptional: true,
    responses: created(flow, "The copy"),
  },
});
