import { z } from "zod";

// Callback URLs (Document.callBackUrl / callBackUrlSoftFail). Shared by the browser (the draft form)
// and the server, so nothing here imports server code.

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** https only; plain http just to this machine (a local receiver), and never in production. */
export function callbackUrlAllowed(value: string, production = process.env.NODE_ENV === "production"): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && !production && loopbackHosts.has(url.hostname);
}

export const callbackUrl = z
  .string({ error: "CALLBACK_URL_INVALID" })
  .trim()
  .max(500, "CALLBACK_URL_INVALID")
  .refine((value) => callbackUrlAllowed(value), "CALLBACK_URL_INVALID")
  .describe("An https URL that receives a signed POST when the shipment ends (http://localhost or 127.0.0.1 only outside production)");
