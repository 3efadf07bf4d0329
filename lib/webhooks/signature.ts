import { createHmac, timingSafeEqual } from "node:crypto";

// X-Rubrica-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, with one v1 per secret
// that signs (two while a rotated secret still verifies), as Stripe does.

export const signatureHeader = "x-rubrica-signature";

export function signatureOf(secret: string, body: string | Buffer, unixSeconds: number): string {
  return createHmac("sha256", secret).update(`${unixSeconds}.`).update(body).digest("hex");
}

/** The header value for `secrets` (the current one first). */
export function signatureHeaderValue(secrets: readonly string[], body: string, unixSeconds: number): string {
  return [`t=${unixSeconds}`, ...secrets.map((secret) => `v1=${signatureOf(secret, body, unixSeconds)}`)].join(",");
}

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

function headerOf(headers: WebhookHeaders, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/**
 * Whether a webhook (or callback) came from Rúbrica: the X-Rubrica-Signature header carries a v1 signature of
 * `rawBody` (the body exactly as received) made with `secret`, at a time within `toleranceSeconds` of `now`
 * (a replay of an old delivery fails). Any one of several v1 values may match: during a rotation both secrets sign.
 */
export function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  rawBody: string | Buffer,
  toleranceSeconds = 300,
  now: Date = new Date(),
): boolean {
  const header = headerOf(headers, signatureHeader);
  if (!header) return false;
  const parts = header.split(",").map((part) => part.trim().split("="));
  const t = parts.find(([key]) => key === "t")?.[1];
  if (!t || !/^\d{1,12}$/.test(t)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(t)) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, rawBody, Number(t)), "hex");
  return parts.some(([key, value]) => {
    if (key !== "v1" || !value || !/^[0-9a-f]{64}$/.test(value)) return false;
    return timingSafeEqual(Buffer.from(value, "hex"), expected);
  });
}
