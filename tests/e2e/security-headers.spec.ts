import { expect, test } from "@playwright/test";
import "./support/load-env";
import { drawSignature } from "./support/signature-pad";
import { db } from "@/lib/db/client";
import { createSentShipment } from "../support/signing";
import { watchCsp } from "./support/csp";

// Through the real server: pages carry a nonce-based Content-Security-Policy that Next's own scripts satisfy,
// and the signer's pages (react-pdf and its worker, the signature pad, Radix styles) work under it with no violation.

const nonceOf = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];

test.describe("page headers", () => {
  test("every page has a CSP with a fresh nonce that Next's scripts carry, no framing, and no HSTS on http", async ({ request }) => {
    const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
    const { signers } = await createSentShipment(organization.id, { signers: [{}] });
    const signer = signers[0]!;
    for (const path of ["/signin", "/ForgotPassword", `/signature-process/home-page/${signer.secret}/${signer.hexId}`]) {
      const first = await request.get(path);
      const second = await request.get(path);
      expect([path, first.status()]).toEqual([path, 200]);
      const policy = first.headers()["content-security-policy"];
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("'strict-dynamic'");
      const nonce = nonceOf(policy);
      expect(nonce).toBeTruthy();
      expect(nonceOf(second.headers()["content-security-policy"])).not.toBe(nonce);
      // Next put this response's nonce on its scripts, and no script goes without one.
      const html = await first.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect([path, tag]).toEqual([path, expect.stringContaining(`nonce="${nonce}"`)]);
      expect(first.headers()["strict-transport-security"]).toBeUndefined();
      expect(first.headers()["x-content-type-options"]).toBe("nosniff");
    }
  });
});

test.describe("a signer under the policy", () => {
  test.use({ locale: "es-ES", viewport: { width: 1280, height: 900 } });

  test("reads the PDF and signs with no CSP violation", async ({ page }) => {
    const violations = watchCsp(page);
    const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
    const { signers } = await createSentShipment(organization.id, { signers: [{ identNumber: "12345678Z" }] });
    const signer = signers[0]!;
    await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
    await page.getByTestId("start-process").click();
    await expect(page).toHaveURL(/\/signature-process\/data-confirm\//);
    await page.getByTestId("confirm-data").click();
    await expect(page).toHaveURL(/\/signature-process\/accept-terms\//);
    await page.getByTestId("accept-terms-checkbox").check();
    await page.getByTestId("accept-terms").click();
    await expect(page).toHaveURL(/\/signature-process\/see-document\//);
    await expect(page.getByTestId("pdf-page").locator("canvas")).toBeVisible({ timeout: 20_000 });
    await page.getByTestId("document-sign").click();
    await expect(page).toHaveURL(/\/signature-process\/digital-signature\//);
    await drawSignature(page);
    await page.getByTestId("signature-submit").click();
    await expect(page.getByTestId("signing-done")).toBeVisible();
    expect(violations).toEqual([]);
  });
});
