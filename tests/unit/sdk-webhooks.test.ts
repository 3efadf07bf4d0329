import { describe, expect, it } from "vitest";
import { verifyWebhook, WebhookVerificationError, type RubricaWebhookEvent } from "@/sdk/src";
import { signatureHeaderValue } from "@/lib/webhooks/signature";

// The SDK's verifier against the server's own signer (lib/webhooks/signature.ts, what deliveries and callbacks use).

const secret = "whsec_0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0";
const rotated = "whsec_9a8b7c6d5e4f30211203f4e5d6c7b8a99a8b7c6d5e4f30211203f4e5d6c7b8a9";
const event: RubricaWebhookEvent = {
  eventHexId: "5c1e0a1b2c3d4e5f60718293a4b5c6d7",
  type: "document.sent",
  createdAt: "2026-11-26T00:00:00.000Z",
  data: { documentHexId: "a1b2c3d4e5f60718293a4b5c6d7e8f90", status: "SENT" },
};
const body = JSON.stringify(event);
const t = 1_795_000_000;
const at = (seconds: number) => ({ now: new Date(seconds * 1000) });
const signed = (secrets: string[], payload = body, unixSeconds = t) => ({
  "X-Rubrica-Signature": signatureHeaderValue(secrets, payload, unixSeconds),
  "Content-Type": "application/json",
});

function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
  return "verified";
}

describe("verifyWebhook (SDK)", () => {
  it("answers the event of a delivery the server signed, from a string, bytes, a Headers object or Node's lower-case headers", () => {
    const headers = signed([secret]);
    expect(verifyWebhook(secret, headers, body, at(t))).toEqual(event);
    expect(verifyWebhook(secret, headers, new TextEncoder().encode(body), at(t + 60))).toEqual(event);
    expect(verifyWebhook(secret, new Headers(headers), Buffer.from(body), at(t - 60))).toEqual(event);
    expect(verifyWebhook(secret, { "x-rubrica-signature": [headers["X-Rubrica-Signature"]] }, body, at(t))).toEqual(event);
  });

  it("refuses a tampered body, a wrong secret, a missing or malformed header", () => {
    const headers = signed([secret]);
    expect(failure(() => verifyWebhook(secret, headers, body.replace("SENT", "SEALED"), at(t)))).toBe("signature-mismatch");
    expect(failure(() => verifyWebhook(`${secret}0`, headers, body, at(t)))).toBe("signature-mismatch");
    expect(failure(() => verifyWebhook(secret, {}, body, at(t)))).toBe("missing-signature");
    expect(failure(() => verifyWebhook(secret, { "x-rubrica-signature": `v1=${"0".repeat(64)}` }, body, at(t)))).toBe(
      "malformed-signature",
    );
    const value = headers["X-Rubrica-Signature"];
    // The time is signed too: moving t into the window breaks the signature.
    const moved = value.replace(`t=${t}`, `t=${t + 1000}`);
    expect(failure(() => verifyWebhook(secret, { "x-rubrica-signature": moved }, body, at(t + 1000)))).toBe("signature-mismatch");
  });

  it("refuses a delivery signed longer ago (or further ahead) than the tolerance: 5 minutes unless told", () => {
    const headers = signed([secret]);
    expect(verifyWebhook(secret, headers, body, at(t + 300))).toEqual(event);
    expect(failure(() => verifyWebhook(secret, headers, body, at(t + 301)))).toBe("outside-tolerance");
    expect(failure(() => verifyWebhook(secret, headers, body, at(t - 301)))).toBe("outside-tolerance");
    expect(verifyWebhook(secret, headers, body, { toleranceSeconds: 600, now: new Date((t + 301) * 1000) })).toEqual(event);
    // Without `now`, the clock: a delivery signed now verifies, one signed an hour ago does not.
    const nowSeconds = Math.floor(Date.now() / 1000);
    expect(verifyWebhook(secret, signed([secret], body, nowSeconds), body)).toEqual(event);
    expect(failure(() => verifyWebhook(secret, signed([secret], body, nowSeconds - 3600), body))).toBe("outside-tolerance");
  });

  it("during a rotation the server signs with both secrets, and a receiver may hold both", () => {
    const overlap = signed([rotated, secret]);
    expect(verifyWebhook(rotated, overlap, body, at(t))).toEqual(event);
    expect(verifyWebhook(secret, overlap, body, at(t))).toEqual(event);
    // After the overlap only the new secret signs: a receiver still holding the old one alone fails, one holding both passes.
    const after = signed([rotated]);
    expect(failure(() => verifyWebhook(secret, after, body, at(t)))).toBe("signature-mismatch");
    expect(verifyWebhook([secret, rotated], after, body, at(t))).toEqual(event);
    expect(failure(() => verifyWebhook([secret, `${rotated}0`], after, body, at(t)))).toBe("signature-mismatch");
  });

  it("refuses a signed body that is not JSON", () => {
    expect(failure(() => verifyWebhook(secret, signed([secret], "not json"), "not json", at(t)))).toBe("malformed-body");
  });
});
