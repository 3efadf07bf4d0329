import { apiKeyList, apiKeyView, apiKeyWithSecret, createApiKeyInput, updateApiKeyInput } from "@/lib/api-keys/schemas";
import { deleted, hexIdPath, operationGroup } from "./common";

const keyPath = hexIdPath("apiUserHexId", "The key's hexId");
const apiKey = { schema: apiKeyView, component: "ApiKey" };
const withSecret = { schema: apiKeyWithSecret, component: "ApiKeyWithSecret" };
const privilege = "Needs ORGANIZACION:UPDATE and a staff token: keys do not manage keys.";

export const apiKeyOperations = operationGroup(
  "API keys",
  "token",
)([
  {
    method: "get",
    path: "/api/api-keys",
    operationId: "listApiKeys",
    summary: "The organisation's API keys, without their secrets",
    description: privilege,
    responses: { 200: { description: "The keys", body: { schema: apiKeyList } } },
  },
  {
    method: "post",
    path: "/api/api-keys",
    operationId: "createApiKey",
    summary: "Create a key acting with one of the organisation's roles",
    description: `${privilege} The answer holds the full key, the only time it is returned. The role may grant nothing the caller lacks.`,
    body: { schema: createApiKeyInput, component: "CreateApiKeyInput" },
    responses: { 201: { description: "Created", body: withSecret } },
    errors: [409],
  },
  {
    method: "get",
    path: "/api/api-keys/{apiUserHexId}",
    operationId: "getApiKey",
    summary: "One key, without its secret",
    description: privilege,
    pathParams: keyPath,
    responses: { 200: { description: "The key", body: apiKey } },
  },
  {
    method: "patch",
    path: "/api/api-keys/{apiUserHexId}",
    operationId: "updateApiKey",
    summary: "Rename, describe, change the role of, enable or disable a key",
    description: `${privilege} Only the fields sent change. A disabled key is refused from its next call on.`,
    pathParams: keyPath,
    body: { schema: updateApiKeyInput, component: "UpdateApiKeyInput" },
    responses: { 200: { description: "Updated", body: apiKey } },
    errors: [409],
  },
  {
    method: "delete",
    path: "/api/api-keys/{apiUserHexId}",
    operationId: "deleteApiKey",
    summary: "Delete a key; it is refused from its next call on",
    description: privilege,
    pathParams: keyPath,
    responses: { 200: { description: "Deleted", body: { schema: deleted } } },
  },
  {
    method: "post",
    path: "/api/api-keys/{apiUserHexId}/rotate",
    operationId: "rotateApiKey",
    summary: "A new secret for a key; the old one stops working at once",
    description: `${privilege} The answer holds the new full key, the only time it is returned.`,
    pathParams: keyPath,
    responses: { 200: { description: "Rotated", body: withSecret } },
  },
]);
