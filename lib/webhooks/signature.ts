import { createHmac } from "node:crypto";
import { verifyWebhook as verifySignedDelivery, WebhookVerificationError, type WebhookHeaders } from "@/sdk/src/webhooks";

// X-Rubrica-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, with one v1 per secret
// that signs (two while a rotated secret still verifies), as Stripe does.

export function signatureOf(secret: string, body: string | Buffer, unixSeconds: number): string {
  return createHmac("sha256", secret).update(`${unixSeconds}.`).update(body).digest("hex");
}

/** The header value for `secrets` (the current one first). */
export function signatureHeaderValue(secrets: readonly string[], body: string, unixSeconds: number): string {
  return [`t=${unixSeconds}`, ...secrets.map((secret) => `v1=${signatureOf(secret, body, unixSeconds)}`)].join(",");
}

/**
 * Whether a webhook (or callback) came from Rúbrica, by the SDK's verifier (sdk/src/webhooks.ts, what integrators
 * run): the X-Rubrica-Signature header carries a v1 signature of `rawBody` (the body exactly as received) made with
 * `secret`, at a time within `toleranceSeconds` of `now` (a replay of an old delivery fails). Any one of several v1
 * values may match: during a rotation both secrets sign.
 */
export function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  rawBody: string | Buffer,
  toleranceSeconds = 300,
  now: Date = new Date(),
): boolean {
  try {
    verifySignedDelivery(secret, headers, rawBody, { toleranceSeconds, now });
    return true;
  } catch (error) {
    if (error instanceof WebhookVerificationError) return false;
    throw error;
  }
}
