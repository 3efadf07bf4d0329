import { z } from "zod";
import { apiKeyList, apiKeyView, apiKeyWithSecret, createApiKeyInput, updateApiKeyInput } from "@/lib/api-keys/schemas";
import type { ApiOperation } from "../registry";

const keyPath = z.object({ apiUserHexId: z.string().describe("The key's hexId") });
const apiKey = { schema: apiKeyView, component: "ApiKey" };
const withSecret = { schema: apiKeyWithSecret, component: "ApiKeyWithSecret" };
const privilege = "Needs ORGANIZACION:UPDATE and a staff token: keys do not manage keys.";

export const apiKeyOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/api-keys",
    operationId: "listApiKeys",
    tag: "API keys",
    summary: "The organisation's API keys, without their secrets",
    description: privilege,
    auth: "token",
    responses: { 200: { description: "The keys", body: { schema: apiKeyList } } },
  },
  {
    method: "post",
    path: "/api/api-keys",
    operationId: "createApiKey",
    tag: "API keys",
    summary: "Create a key acting with one of the organisation's roles",
    description: `${privilege} The answer holds the full key, the only time it is returned. The role may grant nothing the caller lacks.`,
    auth: "token",
    body: { schema: createApiKeyInput, component: "CreateApiKeyInput" },
    responses: { 201: { description: "Created", body: withSecret } },
    errors: [409],
  },
  {
    method: "get",
    path: "/api/api-keys/{apiUserHexId}",
    operationId: "getApiKey",
    tag: "API keys",
    summary: "One key, without its secret",
    description: privilege,
    auth: "token",
    pathParams: keyPath,
    responses: { 200: { description: "The key", body: apiKey } },
    errors: [404],
  },
  {
    method: "patch",
    path: "/api/api-keys/{apiUserHexId}",
    operationId: "updateApiKey",
    tag: "API keys",
    summary: "Rename, describe, change the role of, enable or disable a key",
    description: `${privilege} Only the fields sent change. A disabled key is refused from its next call on.`,
    auth: "token",
    pathParams: keyPath,
    body: { schema: updateApiKeyInput, component: "UpdateApiKeyInput" },
    responses: { 200: { description: "Updated", body: apiKey } },
    errors: [404, 409],
  },
  {
    method: "delete",
    path: "/api/api-keys/{apiUserHexId}",
    operationId: "deleteApiKey",
    tag: "API keys",
    summary: "Delete a key; it is refused from its next call on",
    description: privilege,
    auth: "token",
    pathParams: keyPath,
    responses: { 200: { description: "Deleted", body: { schema: z.object({ deleted: z.literal(true) }) } } },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/api-keys/{apiUserHexId}/rotate",
    operationId: "rotateApiKey",
    tag: "API keys",
    summary: "A new secret for a key; the old one stops working at once",
    description: `${privilege} The answer holds the new full key, the only time it is returned.`,
    auth: "token",
    pathParams: keyPath,
    responses: { 200: { description: "Rotated", body: withSecret } },
    errors: [404],
  },
];
