import { apiKeysPrivilege } from "@/lib/api-keys/privilege";
import { answer, created } from "../registry";
import { apiKeyList, apiKeyView, apiKeyWithSecret, createApiKeyInput, updateApiKeyInput } from "@/lib/api-keys/schemas";
import { deleted, hexIdPath, operationGroup } from "./common";

const keyPath = hexIdPath("apiUserHexId", "The key's hexId");
const apiKey = { schema: apiKeyView, component: "ApiKey" };
const withSecret = { schema: apiKeyWithSecret, component: "ApiKeyWithSecret" };
const privilege = "A staff token only: keys do not manage keys.";

export const apiKeyOperations = operationGroup(
  "API keys",
  "token",
)({
  listApiKeys: {
    method: "get",
    path: "/api/api-keys",
    requires: apiKeysPrivilege,
    tenancy: "organization",
    summary: "The organisation's API keys, without their secrets",
    description: privilege,
    responses: answer("The keys", apiKeyList),
  },
  createApiKey: {
    method: "post",
    path: "/api/api-keys",
    idempotent: true,
    requires: apiKeysPrivilege,
    tenancy: "organization",
    summary: "Create a key acting with one of the organisation's roles",
    description: `${privilege} The answer holds the full key, the only time it is returned. The role may grant nothing the caller lacks.`,
    body: { schema: createApiKeyInput, component: "CreateApiKeyInput" },
    responses: created(withSecret),
    errors: [409],
  },
  getApiKey: {
    method: "get",
    path: "/api/api-keys/{apiUserHexId}",
    requires: apiKeysPrivilege,
    tenancy: "organization",
    summary: "One key, without its secret",
    description: privilege,
    pathParams: keyPath,
    responses: answer("The key", apiKey),
  },
  updateApiKey: {
    method: "patch",
    path: "/api/api-keys/{apiUserHexId}",
    requires: apiKeysPrivilege,
    tenancy: "organization",
    summary: "Rename, describe, change the role of, enable or disable a key",
    description: `${privilege} Only the fields sent change. A disabled key is refused from its next call on.`,
    pathParams: keyPath,
    body: { schema: updateApiKeyInput, component: "UpdateApiKeyInput" },
    responses: answer("Updated", apiKey),
    errors: [409],
  },
  deleteApiKey: {
    method: "delete",
    path: "/api/api-keys/{apiUserHexId}",
    requires: apiKeysPrivilege,
    tenancy: "organization",
    summary: "Delete a key; it is refused from its next call on",
    description: privilege,
    pathParams: keyPath,
    responses: answer("Deleted", deleted),
  },
  rotateApiKey: {
    method: "post",
    path: "/api/api-keys/{apiUserHexId}/rotate",
    idempotent: true,
    requires: apiKeysPrivilege,
    tenancy: "organization",
    summary: "A new secret for a key; the old one stops working at once",
    description: `${privilege} The answer holds the new full key, the only time it is returned.`,
    pathParams: keyPath,
    responses: answer("Rotated", withSecret),
  },
});
