import { z } from "zod";
import { addressKindAllowed, literalAddressKind, type NetworkRules } from "@/lib/net/address-ranges";

// Callback URLs (Document.callBackUrl / callBackUrlSoftFail). Shared by the browser (the draft form)
// and the server, so nothing here imports server code.

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The rules of this process, read from process.env at each call because env() is server code (which
 * validates the value). Loopback and private targets need the explicit opt-in CALLBACK_ALLOW_PRIVATE_NETWORKS=true;
 * NODE_ENV plays no part, since the worker may run without it. In the browser the setting is unknown (strict).
 */
export function callbackRules(): NetworkRules {
  return { allowPrivateNetworks: process.env.CALLBACK_ALLOW_PRIVATE_NETWORKS === "true" };
}

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function shapeAllowed(url: URL, rules: NetworkRules): boolean {
  if (url.username || url.password) return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && rules.allowPrivateNetworks && loopbackHosts.has(url.hostname);
}

/**
 * What the worker checks before sending: https only; plain http just to this machine (a local receiver),
 * and only where private networks are allowed. The address is checked when it connects
 * (lib/callbacks/post-callback.ts), whatever the host name resolves to then.
 */
export function callbackUrlSendable(value: string, rules: NetworkRules): boolean {
  const url = parse(value);
  return url !== null && shapeAllowed(url, rules);
}

/**
 * What a saved URL must be: sendable, and not naming a refused address outright (a literal IP of a special
 * range; of a private one, or localhost, unless private networks are allowed). A name that resolves to one is
 * refused when sending.
 */
export function callbackUrlAllowed(value: string, rules: NetworkRules = callbackRules()): boolean {
  const url = parse(value);
  if (!url || !shapeAllowed(url, rules)) return false;
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
    "An https URL that receives a signed POST when the shipment ends; never to a special-purpose address, and to a loopback or private address (or plain http://localhost, 127.0.0.1) only where the installation allows private networks",
  );
