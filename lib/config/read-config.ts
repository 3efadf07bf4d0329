import { z } from "zod";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors/app-error";
import { captureConfigKeys, getConfigValues } from "./values";

/** Keys a page may read before anyone signs in (signer pages, sign-in). */
function publicKeys(): string[] {
  return [...captureConfigKeys, `${env().PRODUCT}_base_url`, "default_page_size"];
}

function sessionKeys(): string[] {
  return [
    "session_time",
    "organization_tz",
    "default_idle_timeout",
    "default_page_size",
    `${env().PRODUCT}_base_url`,
    ...captureConfigKeys,
  ];
}

/** GET /system/getConfigValue/{name}: one value, for the caller's organisation when signed in. */
export async function readConfigValue(name: string, organizationId: number | null) {
  const allowed = organizationId === null ? publicKeys() : sessionKeys();
  if (!allowed.includes(name)) throw new AppError(organizationId === null ? "UNAUTHENTICATED" : "NOT_FOUND");
  const values = await getConfigValues(organizationId, [name]);
  const value = values[name];
  if (value === undefined) throw new AppError("NOT_FOUND");
  return { name, value };
}

export const nameVarsInput = z.object({ nameVars: z.array(z.string().max(64)).min(1, "EMPTY_FIELD").max(50) });

/** POST /system/getConfigValue: the capture configuration keys asked for in nameVars. */
export async function readCaptureConfiguration(raw: unknown, organizationId: number | null) {
  const { nameVars } = nameVarsInput.parse(raw);
  const allowed = organizationId === null ? publicKeys() : sessionKeys();
  const unknown = nameVars.filter((n) => !allowed.includes(n));
  if (unknown.length > 0) throw new AppError("NOT_FOUND", { names: unknown.join(",") });
  return getConfigValues(organizationId, nameVars);
}
