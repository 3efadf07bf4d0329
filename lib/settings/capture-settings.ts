import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { configDefaults, getConfigValues } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { isPlatformAdmin } from "@/lib/permissions/authorities";
import {
  isPlatformOnly,
  parseStored,
  problemFor,
  settingNames,
  toStored,
  updateSettingsInput,
  type CaptureSettingsValues,
  type SettingName,
  type SettingValue,
} from "./capture-settings-schemas";

export type CaptureSettingsView = {
  /** What the product uses now for the organisation: its own value, else the platform's, else the default. */
  values: CaptureSettingsValues;
  /** What each setting falls back to without the organisation's own value (the platform's row or the built-in default). */
  defaults: CaptureSettingsValues;
  /** Whether the caller may change the platform-only settings (snippet, face checks). */
  platformEditable: boolean;
};

/** GET /api/organization/settings (ORGANIZACION:UPDATE). */
export async function getCaptureSettings(context: AuthContext): Promise<CaptureSettingsView> {
  const [own, platform] = await Promise.all([getConfigValues(context.organizationId, settingNames), getConfigValues(null, settingNames)]);
  const values = {} as Record<SettingName, SettingValue>;
  const defaults = {} as Record<SettingName, SettingValue>;
  for (const name of settingNames) {
    const builtIn = configDefaults[name] ?? "";
    defaults[name] = parseStored(name, platform[name], builtIn);
    values[name] = parseStored(name, own[name], toStored(defaults[name]));
  }
  return {
    values: values as CaptureSettingsValues,
    defaults: defaults as CaptureSettingsValues,
    platformEditable: isPlatformAdmin(context.authorities),
  };
}

/**
 * PUT /api/organization/settings: the settings sent, each within its bounds, become the organisation's own values.
 * Platform-only settings are refused to anyone but a platform administrator. One operation-log row per changed value.
 */
export async function updateCaptureSettings(context: AuthContext, raw: unknown, ip: string): Promise<CaptureSettingsView> {
  const parsed = updateSettingsInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.code === "unrecognized_keys" ? String(issue.keys[0]) : String(issue?.path[0] ?? "");
    const problem = problemFor(field);
    throw new AppError(problem.code, { field: problem.field, min: problem.min, max: problem.max });
  }
  const input = parsed.data as Partial<Record<SettingName, SettingValue>>;
  const sent = settingNames.filter((name) => input[name] !== undefined);
  if (!isPlatformAdmin(context.authorities)) {
    const forbidden = sent.find(isPlatformOnly);
    if (forbidden) throw new AppError("SETTINGS_PLATFORM_ONLY", { field: forbidden });
  }
  const current = await getConfigValues(context.organizationId, sent);
  const changed = sent.filter((name) => current[name] !== toStored(input[name]!));
  if (changed.length > 0) {
    await db.$transaction(async (tx) => {
      for (const name of changed) {
        const value = toStored(input[name]!);
        await tx.configValue.upsert({
          where: { organizationId_name: { organizationId: context.organizationId, name } },
          create: { organizationId: context.organizationId, name, value },
          update: { value },
        });
        await logOperation(
          {
            module: "ORGANIZACION",
            organizationId: context.organizationId,
            userId: context.userId,
            event: "SETTINGS_UPDATE",
            ip,
            recordId: name,
            // The snippet's code is not copied into the log; its size is enough to tell a change.
            action:
              name.startsWith("snippet_") && name !== "snippet_active"
                ? `SETTINGS_UPDATE ${name} (${value.length} chars)`
                : `SETTINGS_UPDATE ${name}=${value}`,
          },
          tx,
        );
      }
    });
  }
  return getCaptureSettings(context);
}
