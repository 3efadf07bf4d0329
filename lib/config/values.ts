import { db } from "@/lib/db/client";
import { env } from "@/lib/config/env";
import { cached } from "./cache";

/**
 * Server configuration with defaults. An organisation's row overrides the global row
 * (organizationId null), which overrides the default here.
 */
export const configDefaults: Record<string, string> = {
  session_time: "600",
  default_idle_timeout: "30",
  default_page_size: "10",
  organization_tz: "UTC",
  max_failed_logins: "5",
  // Largest PDF a shipment accepts, in megabytes.
  max_upload_mb: "10",
  // Times a signer's link may be opened before it answers 'Número máximo de usos alcanzado'.
  max_link_uses: "25",
  // Capture configuration (spec §3).
  atom_plugin_enabled: "false",
  atom_plugin_company: "",
  atom_plugin_id: "",
  canvas_width_height: "320;480",
  canvas_width_height_desktop: "640;480",
  drawing_step: "2",
  idcard_canvas_size: "856;540",
  idcard_image_quality: "0.92",
  janus_server_url: "",
  janus_on_all_devices: "false",
  max_capture_attempts: "3",
  snippet_active: "false",
  snippet_html: "",
  snippet_javascript: "",
  ui_sign_color: "#0f766e;#14b8a6",
  wait_time_binding_photo: "3",
  default_language: "es-es",
  // Where signers' fingerprint-reader bridge listens on their own machine (docs/fingerprint-bridge.md).
  fingerprint_bridge_url: "http://127.0.0.1:15896",
  // Face checks of a selfie against the ID photo or an earlier selfie (lib/evidence/face-check.ts).
  // Distance between face-api descriptors at or above which two faces are different people. Measured
  // on real photos (DESIGN.md §5, tests/integration/face-checks.test.ts): one person 0.18-0.50 (0.18-0.43
  // on the franck_* frames), different people 0.54 and more. face-api's customary 0.6 accepts impostors;
  // 0.5 sits between the two groups, erring towards asking a genuine signer to retake the selfie.
  face_match_threshold: "0.5",
  // Lowest SSD MobileNet detection score that counts as a face (real faces scored 0.81-1.0 here).
  face_min_score: "0.5",
};

export const captureConfigKeys = [
  "atom_plugin_enabled",
  "atom_plugin_company",
  "atom_plugin_id",
  "canvas_width_height",
  "canvas_width_height_desktop",
  "drawing_step",
  "idcard_canvas_size",
  "idcard_image_quality",
  "janus_server_url",
  "janus_on_all_devices",
  "max_capture_attempts",
  "snippet_active",
  "snippet_html",
  "snippet_javascript",
  "ui_sign_color",
  "wait_time_binding_photo",
  "default_language",
] as const;

function computedDefault(name: string): string | undefined {
  if (name === `${env().PRODUCT}_base_url`) return env().APP_BASE_URL;
  return configDefaults[name];
}

export function isKnownConfig(name: string): boolean {
  return computedDefault(name) !== undefined;
}

type ConfigRow = { organizationId: number | null; name: string; value: string };

function readRows(organizationId: number | null, names: readonly string[]): Promise<ConfigRow[]> {
  return db.configValue.findMany({
    where: { name: { in: [...names] }, OR: [{ organizationId: null }, ...(organizationId ? [{ organizationId }] : [])] },
    select: { organizationId: true, name: true, value: true },
  });
}

/** The rows of every known setting for one organisation and the global ones, as lib/config/cache.ts holds them. */
function knownRows(organizationId: number | null): Promise<ConfigRow[]> {
  return cached(`config:${organizationId ?? "global"}`, () =>
    readRows(organizationId, [...Object.keys(configDefaults), `${env().PRODUCT}_base_url`]),
  );
}

/** Values for several names at once, for one organisation (or global when null). */
export async function getConfigValues(organizationId: number | null, names: readonly string[]): Promise<Record<string, string>> {
  // Known settings come from the cache; any other name (a row without a default) is read as it is.
  const rows = names.every(isKnownConfig) ? await knownRows(organizationId) : await readRows(organizationId, names);
  const out: Record<string, string> = {};
  for (const name of names) {
    const own = rows.find((r) => r.name === name && r.organizationId === organizationId && organizationId !== null);
    const global = rows.find((r) => r.name === name && r.organizationId === null);
    const value = own?.value ?? global?.value ?? computedDefault(name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

export async function getConfigValue(organizationId: number | null, name: string): Promise<string | undefined> {
  return (await getConfigValues(organizationId, [name]))[name];
}

export async function getConfigNumber(organizationId: number | null, name: string): Promise<number> {
  const value = Number(await getConfigValue(organizationId, name));
  const fallback = Number(configDefaults[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
