import { createHmac, timingSafeEqual } from "node:crypto";
import type { components, webhooks } from "./schema.js";

// X-Rubrica-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`, one v1 per secret that
// signs (two while a rotated secret still verifies). The same for webhook endpoints and for the per-shipment
// callBackUrl/callBackUrlSoftFail, which the organisation's callback secret signs. No imports beyond node:crypto,
// so a receiver can use this file alone.

type PostedBody<W> = W extends { post: { requestBody: { content: { "application/json": infer B } } } } ? B : never;

/** The body of one event's deliveries, from the OpenAPI document's `webhooks`: `RubricaWebhookEventOf<"signer.completed">`. */
export type RubricaWebhookEventOf<E extends keyof webhooks> = PostedBody<webhooks[E]>;

/**
 * The body of any webhook delivery: the union of every event's, told apart by `type` (checking `event.type` narrows
 * `event.data` to that event's family).
 */
export type RubricaWebhookEvent = { [E in keyof webhooks]: RubricaWebhookEventOf<E> }[keyof webhooks];

/**
 * The body of a per-shipment callback (callBackUrl, callBackUrlSoftFail), the `ShipmentCallback` of the document:
 * `verifyWebhook<RubricaShipmentCallback>(callbackSecret, headers, rawBody)`.
 */
export type RubricaShipmentCallback = components["schemas"]["ShipmentCallback"];

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type WebhookVerificationFailure =
  "missing-signature" | "malformed-signature" | "outside-tolerance" | "signature-mismatch" | "malformed-body";

/** Thrown when a delivery cannot be shown to come from Rúbrica: answer 400 and do not act on it. */
export class WebhookVerificationError extends Error {
  constructor(
    readonly reason: WebhookVerificationFailure,
    message: string,
  ) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

export type VerifyWebhookOptions = {
  /** How far t may be from now, in seconds, either way: an older delivery is a replay. Default 300. */
  toleranceSeconds?: number;
  now?: Date;
};

function headerOf(headers: WebhookHeaders, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

function fail(reason: WebhookVerificationFailure, message: string): never {
  throw new WebhookVerificationError(reason, message);
}

/**
 * The event a webhook (or callback) delivery carries, once its X-Rubrica-Signature shows Rúbrica sent `rawBody`
 * (the body exactly as received, before any JSON parsing) at a time within the tolerance. `secret` may be several:
 * during a rotation pass the new and the old one; any v1 made with any of them verifies. Signatures are compared
 * in constant time. Throws a WebhookVerificationError otherwise.
 */
export function verifyWebhook<T = RubricaWebhookEvent>(
  secret: string | readonly string[],
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
  { toleranceSeconds = 300, now = new Date() }: VerifyWebhookOptions = {},
): T {
  const header = headerOf(headers, "x-rubrica-signature");
  if (!header) fail("missing-signature", "No X-Rubrica-Signature header");
  const parts = header.split(",").map((part) => {
    const at = part.indexOf("=");
    return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
  });
  const t = parts.find(([key]) => key === "t")?.[1];
  const signatures = parts.filter(([key, value]) => key === "v1" && /^[0-9a-f]{64}$/.test(value)).map(([, value]) => value);
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0)
    fail("malformed-signature", "X-Rubrica-Signature is not t=<unix seconds>,v1=<hex>");
  if (Math.abs(now.getTime() / 1000 - Number(t)) > toleranceSeconds)
    fail("outside-tolerance", `The signature's time is more than ${toleranceSeconds} s away`);

  const body = typeof rawBody === "string" ? Buffer.from(rawBody) : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  const secrets = typeof secret === "string" ? [secret] : secret;
  const expected = secrets.map((s) => createHmac("sha256", s).update(`${t}.`).update(body).digest());
  // Every pair is compared, so the time taken does not tell which secret or value came closest.
  let matched = false;
  for (const value of signatures) for (const digest of expected) matched = timingSafeEqual(Buffer.from(value, "hex"), digest) || matched;
  if (!matched) fail("signature-mismatch", "No v1 signature matches the body with the given secret");

  try {
    return JSON.parse(body.toString("utf8")) as T;
  } catch {
    return fail("malformed-body", "The signed body is not JSON");
  }
}
