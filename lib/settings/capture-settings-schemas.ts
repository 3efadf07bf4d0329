import { z } from "zod";

// The organisation's capture settings (/setting, spec §3 "Capture configuration" plus the limits the product reads
// with getConfigNumber). Shared by the form (browser) and the use case (server). ui_sign_color and default_language
// belong to the organisation profile (/info-organization) and are not repeated here.

type Common = {
  /** Only a platform administrator may change it (snippet and face-check settings): others see it read-only. */
  platformOnly?: boolean;
};
export type SettingDescriptor = Common &
  (
    | { kind: "integer"; min: number; max: number }
    | { kind: "decimal"; min: number; max: number }
    | { kind: "boolean" }
    | { kind: "size"; min: number; max: number }
    | { kind: "text"; max: number }
    | { kind: "url"; max: number }
    | { kind: "code"; max: number }
  );

export const settingDescriptors = {
  max_upload_mb: { kind: "integer", min: 1, max: 50 },
  max_link_uses: { kind: "integer", min: 1, max: 1000 },
  max_capture_attempts: { kind: "integer", min: 1, max: 10 },
  wait_time_binding_photo: { kind: "integer", min: 0, max: 60 },
  drawing_step: { kind: "integer", min: 1, max: 10 },
  idcard_image_quality: { kind: "decimal", min: 0.5, max: 1 },
  canvas_width_height: { kind: "size", min: 100, max: 4096 },
  canvas_width_height_desktop: { kind: "size", min: 100, max: 4096 },
  idcard_canvas_size: { kind: "size", min: 100, max: 4096 },
  janus_server_url: { kind: "url", max: 300 },
  janus_on_all_devices: { kind: "boolean" },
  atom_plugin_enabled: { kind: "boolean" },
  atom_plugin_company: { kind: "text", max: 120 },
  atom_plugin_id: { kind: "text", max: 120 },
  face_match_threshold: { kind: "decimal", min: 0.3, max: 0.7, platformOnly: true },
  face_min_score: { kind: "decimal", min: 0.3, max: 0.99, platformOnly: true },
  snippet_active: { kind: "boolean", platformOnly: true },
  snippet_html: { kind: "code", max: 20_000, platformOnly: true },
  snippet_javascript: { kind: "code", max: 20_000, platformOnly: true },
} as const satisfies Record<string, SettingDescriptor>;

export type SettingName = keyof typeof settingDescriptors;
export const settingNames = Object.keys(settingDescriptors) as SettingName[];

export type SettingValue = string | number | boolean;
export type CaptureSettingsValues = {
  [K in SettingName]: (typeof settingDescriptors)[K]["kind"] extends "boolean"
    ? boolean
    : (typeof settingDescriptors)[K]["kind"] extends "integer" | "decimal"
      ? number
      : string;
};

export function isPlatformOnly(name: SettingName): boolean {
  return (settingDescriptors[name] as SettingDescriptor).platformOnly === true;
}

/** Form sections, in the order the screen shows them. */
export const settingSections: { id: string; names: SettingName[] }[] = [
  { id: "limits", names: ["max_upload_mb", "max_link_uses", "max_capture_attempts"] },
  {
    id: "capture",
    names: [
      "wait_time_binding_photo",
      "drawing_step",
      "idcard_image_quality",
      "canvas_width_height",
      "canvas_width_height_desktop",
      "idcard_canvas_size",
    ],
  },
  { id: "video", names: ["janus_server_url", "janus_on_all_devices"] },
  { id: "atom", names: ["atom_plugin_enabled", "atom_plugin_company", "atom_plugin_id"] },
  { id: "platform", names: ["face_match_threshold", "face_min_score", "snippet_active", "snippet_html", "snippet_javascript"] },
];

/** The catalogue code a refused value gets, with what its message needs. */
export type SettingProblem = {
  code: "SETTINGS_OUT_OF_BOUNDS" | "SETTINGS_SIZE_INVALID" | "SETTINGS_VALUE_INVALID";
  field: string;
  min?: number;
  max?: number;
};

export function problemFor(name: string): SettingProblem {
  const descriptor = (settingDescriptors as Record<string, SettingDescriptor>)[name];
  if (descriptor?.kind === "integer" || descriptor?.kind === "decimal")
    return { code: "SETTINGS_OUT_OF_BOUNDS", field: name, min: descriptor.min, max: descriptor.max };
  if (descriptor?.kind === "size") return { code: "SETTINGS_SIZE_INVALID", field: name, min: descriptor.min, max: descriptor.max };
  return { code: "SETTINGS_VALUE_INVALID", field: name };
}

const sizePattern = /^(\d{1,5});(\d{1,5})$/;

function fieldSchema(descriptor: SettingDescriptor): z.ZodType<SettingValue> {
  switch (descriptor.kind) {
    case "integer":
      return z.number().int().min(descriptor.min).max(descriptor.max);
    case "decimal":
      return z.number().min(descriptor.min).max(descriptor.max);
    case "boolean":
      return z.boolean();
    case "size":
      return z
        .string()
        .trim()
        .refine((v) => {
          const m = sizePattern.exec(v);
          return !!m && [m[1], m[2]].every((n) => Number(n) >= descriptor.min && Number(n) <= descriptor.max);
        })
        .transform((v) => v.split(";").map(Number).join(";"));
    case "url":
      return z
        .string()
        .trim()
        .max(descriptor.max)
        .refine((v) => v === "" || (/^(https|wss):\/\/[^\s/]+/i.test(v) && URL.canParse(v)));
    case "text":
      // One line of printable text.
      return z
        .string()
        .trim()
        .max(descriptor.max)
        .refine((v) => !/[\u0000-\u001f\u007f]/.test(v));
    case "code":
      return z.string().max(descriptor.max);
  }
}

/** PUT /api/organization/settings: any subset of the settings; unknown names are refused. */
export const updateSettingsInput = z
  .object(
    Object.fromEntries(settingNames.map((name) => [name, fieldSchema(settingDescriptors[name]).optional()])) as {
      [K in SettingName]: z.ZodOptional<z.ZodType<CaptureSettingsValues[K]>>;
    },
  )
  .strict();
export type UpdateSettingsInput = z.input<typeof updateSettingsInput>;

/** The whole form, every field present (what the screen submits, minus what the caller cannot change). */
export const settingsFormSchema = z.object(
  Object.fromEntries(settingNames.map((name) => [name, fieldSchema(settingDescriptors[name])])) as {
    [K in SettingName]: z.ZodType<CaptureSettingsValues[K]>;
  },
);

/** A stored string as the typed value the API and the form use; a value that does not parse falls back to the default's. */
export function parseStored(name: SettingName, stored: string | undefined, fallback: string): SettingValue {
  const descriptor = settingDescriptors[name] as SettingDescriptor;
  const raw = stored ?? fallback;
  if (descriptor.kind === "boolean") return raw === "true";
  if (descriptor.kind === "integer" || descriptor.kind === "decimal") {
    const n = Number(raw);
    return raw.trim() !== "" && Number.isFinite(n) ? n : Number(fallback);
  }
  return raw;
}

/** The typed value as the configuration row stores it. */
export function toStored(value: SettingValue): string {
  return typeof value === "boolean" ? (value ? "true" : "false") : String(value);
}
