import { z } from "zod";
import { listSchema } from "@/lib/http/list-page";
import { lineText, multiLineText } from "@/lib/validation/text";

// API key rules shared by the key form (browser) and the use cases (server); messages are catalogue
// codes. Spec §5: an empty field is API_EMPTY_FIELDS, whichever it is.

const filled = () => lineText({ error: "API_EMPTY_FIELDS" }).trim().min(1, "API_EMPTY_FIELDS");

export const apiKeyName = filled().max(80, "VALIDATION_FAILED").describe("Unique within the organisation");
const roleHexId = filled()
  .regex(/^[0-9a-f]{32}$/, "VALIDATION_FAILED")
  .describe("hexId of one of the organisation's roles: the key acts with its privileges");
const description = multiLineText({ error: "VALIDATION_FAILED" }).trim().max(500, "VALIDATION_FAILED");

export const createApiKeyInput = z.object({
  name: apiKeyName,
  description: description.nullable().optional(),
  roleHexId,
});
export type CreateApiKeyInput = z.input<typeof createApiKeyInput>;

/** Only the fields sent change; an empty description clears it. */
export const updateApiKeyInput = z.object({
  name: apiKeyName.optional(),
  description: description.nullable().optional(),
  roleHexId: roleHexId.optional(),
  enabled: z.boolean({ error: "VALIDATION_FAILED" }).optional(),
});

export const apiKeyView = z.object({
  apiUserHexId: z.string().describe("The key's API user id, as in /api-management/{apiUserHexId}"),
  name: z.string(),
  description: z.string().nullable(),
  prefix: z.string().describe("The first characters of the key, to recognise it; the rest is never shown again"),
  enabled: z.boolean(),
  role: z.object({ roleHexId: z.string(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable().describe("Updated at most once a minute"),
});
export type ApiKeyView = z.infer<typeof apiKeyView>;

/** The answer to creating or rotating a key: the only time the full key is ever returned. */
export const apiKeyWithSecret = apiKeyView.extend({
  apiKey: z.string().describe("The full key, shown only in this answer. Send it as `Authorization: Bearer <key>` or `X-API-Key: <key>`."),
});
export type ApiKeyWithSecret = z.infer<typeof apiKeyWithSecret>;

export const apiKeyList = listSchema("apiKeys", apiKeyView);
