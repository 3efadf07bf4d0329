import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import "./support/load-env";
import { db } from "@/lib/db/client";
import { resetRateLimit } from "@/lib/security/rate-limit";
import { rateLimits } from "@/lib/security/rate-limits";
import { createSentShipment } from "../support/signing";

// Through the real server (server.ts on :3100), with no browser: the address that counts is the connection's,
// whatever X-Forwarded-For a client writes (TRUSTED_PROXIES is unset: no proxy is trusted).

const forged = (n: number) => `198.51.100.${n + 1}, 203.0.113.${n + 1}`;

async function demoShipment() {
  const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
  return createSentShipment(organization.id, { signers: [{}] });
}

test.describe("the client address", () => {
  test.afterEach(async () => {
    // Later specs open links with wrong secrets from this same address.
    await resetRateLimit(rateLimits.signLinkFailures, "127.0.0.1");
  });

  test("35 wrong link secrets, each under a different forged X-Forwarded-For, still end in 429", async ({ request }) => {
    const { signers } = await demoShipment();
    const statuses: number[] = [];
    for (let n = 0; n < 35; n++) {
      const answer = await request.get(`/api/signprocess/getSignatureProcess/${signers[0]!.hexId}`, {
        headers: { "x-url-sign": randomBytes(16).toString("hex"), "x-forwarded-for": forged(n), "x-real-ip": `192.0.2.${n + 1}` },
      });
      statuses.push(answer.status());
    }
    expect(statuses.slice(0, 30).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
  });

  test("the audit trail records the connection's address, not the forged one", async ({ request }) => {
    const { document, signers } = await demoShipment();
    const signer = signers[0]!;
    const opened = await request.get(`/sign/${signer.secret}/${signer.hexId}`, {
      headers: { "x-forwarded-for": forged(77) },
      maxRedirects: 0,
    });
    expect(opened.status()).toBeLessThan(400);
    const event = await db.auditEvent.findFirstOrThrow({ where: { documentId: document.id, type: "signer.started" } });
    expect(event.payload).toMatchObject({ signer: signer.hexId, ip: "127.0.0.1" });
    expect((await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).ip).toBe("127.0.0.1");
  });

  test("a client cannot hand itself an address through the server's own header", async ({ request }) => {
    const { document, signers } = await demoShipment();
    const signer = signers[0]!;
    await request.get(`/sign/${signer.secret}/${signer.hexId}`, {
      headers: { "x-rubrica-client-address": "anything 198.51.100.99" },
      maxRedirects: 0,
    });
    const event = await db.auditEvent.findFirstOrThrow({ where: { documentId: document.id, type: "signer.started" } });
    expect(event.payload).toMatchObject({ ip: "127.0.0.1" });
  });
});

test.describe("unknown paths under /api", () => {
  test("answer the catalogue's JSON 404 for every method, not the site's HTML page", async ({ request }) => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
      const answer = await request.fetch("/api/no/such/endpoint", { method, headers: { "accept-language": "en-US" } });
      expect([method, answer.status()]).toEqual([method, 404]);
      expect(answer.headers()["content-type"]).toContain("application/json");
      expect(await answer.json()).toEqual({ errorCode: "NOT_FOUND", message: expect.any(String) });
    }
  });
});
