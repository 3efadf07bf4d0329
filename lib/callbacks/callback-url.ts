import { z } from "zod";
import { addressKindAllowed, literalAddressKind, type NetworkRules } from "@/lib/net/address-ranges";

// Callback URLs (Document.callBackUrl / callBackUrlSoftFail). Shared by the browser (the draft form)
// and the server, so nothing here imports server code.

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The rules of this process, read from process.env because env() is server code. In the browser the
 * private-network setting is unknown (strict): the server, which knows it, has the last word.
 */
function processRules(): NetworkRules {
  return {
    production: process.env.NODE_ENV === "production",
    allowPrivateNetworks: process.env.CALLBACK_ALLOW_PRIVATE_NETWORKS === "true",
  };
}

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function shapeAllowed(url: URL, production: boolean): boolean {
  if (url.username || url.password) return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && !production && loopbackHosts.has(url.hostname);
}

/**
 * What the worker checks before sending: https only; plain http just to this machine (a local receiver),
 * and never in production. The address is checked when it connects (lib/callbacks/post-callback.ts),
 * whatever the host name resolves to then.
 */
export function callbackUrlSendable(value: string, production: boolean): boolean {
  const url = parse(value);
  return url !== null && shapeAllowed(url, production);
}

/**
 * What a saved URL must be: sendable, and not naming a refused address outright (a literal IP of a private
 * or special range, or localhost, in production). A name that resolves to one is refused when sending.
 */
export function callbackUrlAllowed(value: string, rules: NetworkRules = processRules()): boolean {
  const url = parse(value);
  if (!url || !shapeAllowed(url, rules.production)) return false;
  // WHATWG URLs give hosts lower-cased and IP addresses in canonical form (IPv6 in brackets).
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1").replace(/\.$/, "");
  const kind = host === "localhost" || host.endsWith(".localhost") ? "private" : literalAddressKind(host);
  return kind === null || addressKindAllowed(kind, rules);
}

export const callbackUrl = z
  .string({ error: "CALLBACK_URL_INVALID" })
  .trim()
  .max(500, "CALLBACK_URL_INVALID")
  .refine((value) => callbackUrlAllowed(value), "CALLBACK_URL_INVALID")
  .describe(
    "An https URL that receives a signed POST when the shipment ends (http://localhost or 127.0.0.1 only outside production; in production not to a loopback, private or special-purpose address)",
  );
