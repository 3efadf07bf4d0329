import { z } from "zod";
import { answer } from "../registry";
import type { CaptureSettingsView } from "@/lib/settings/capture-settings";
import { settingsFormSchema, updateSettingsInput } from "@/lib/settings/capture-settings-schemas";
import { operationGroup } from "./common";

// The organisation's capture settings (/setting).

const view = {
  schema: z.object({
    values: settingsFormSchema.describe("What the product uses now for the organisation"),
    defaults: settingsFormSchema.describe("What each setting falls back to without the organisation's own value"),
    platformEditable: z.boolean().describe("The caller is a platform administrator and may change the platform-only settings"),
  }) satisfies z.ZodType<CaptureSettingsView, unknown>,
  component: "CaptureSettings",
};

export const settingsOperations = operationGroup(
  "Capture settings",
  "tokenOrApiKey",
)({
  getCaptureSettings: {
    method: "get",
    path: "/api/organization/settings",
    requires: { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" },
    tenancy: "organization",
    summary: "The caller's organisation's capture settings, with what each falls back to",
    responses: answer("The settings", view),
  },
  updateCaptureSettings: {
    method: "put",
    path: "/api/organization/settings",
    requires: { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" },
    tenancy: "organization",
    summary: "Change any subset of the capture settings",
    description:
      "Each value must be within its bounds (SETTINGS_OUT_OF_BOUNDS, SETTINGS_SIZE_INVALID with field, min and max; SETTINGS_VALUE_INVALID otherwise); unknown names are refused. " +
      "face_match_threshold, face_min_score and the snippet_* settings are platform-level: only a platform administrator may change them (SETTINGS_PLATFORM_ONLY, 403). " +
      "Writes one operation-log row per value that changed.",
    body: { schema: updateSettingsInput, component: "UpdateCaptureSettingsInput" },
    responses: answer("The settings as saved", view),
    errors: [403],
  },
});
