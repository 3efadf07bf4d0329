import { expect, test } from "@playwright/test";
import "./support/load-env";
import { honestCamera } from "./support/honest-camera";
import { db } from "@/lib/db/client";
import { createOrganization } from "@/lib/organizations/create-organization";
import { randomHex } from "@/lib/security/random";
import { startFingerprintBridgeSimulator } from "../../tools/fingerprint-bridge/simulator";
import { createSentShipment } from "../support/signing";

// Every step of spec §4 in one flow, on a phone-sized screen: the camera shows a real face (on a drawn
// ID card for its front, a card rear, then the face itself: support/honest-camera.ts) and the
// microphone a voice reading digits (playwright.config.ts, DESIGN.md §5), the location is granted,
// and the fingerprint comes from the reader bridge's simulator, as a signer's own bridge would.

const bridgePort = 2537;

test.describe("a signer goes through every step of a flow", () => {
  test.use({ locale: "es-ES", viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
  test.beforeEach(({ context }) => honestCamera(context));

  test("data, terms, document, ID photo, selfie, video, signature and fingerprint, then the sealed document", async ({ page, context }) => {
    test.setTimeout(150_000);
    const bridge = await startFingerprintBridgeSimulator({ port: bridgePort, allowedOrigins: ["http://127.0.0.1:3100"] });
    try {
      const { organization } = await db.$transaction((tx) => createOrganization(tx, { name: `Gestoría ${randomHex(3)}`, country: "ES" }));
      await db.configValue.create({ data: { organizationId: organization.id, name: "fingerprint_bridge_url", value: bridge.url } });
      const { document, signers } = await createSentShipment(organization.id, {
        signers: [{ identNumber: null }],
        steps: ["DATA_CONFIRM", "ACCEPT_TERMS", "SEE_DOCUMENT", "ID_PHOTO", "SELFIE", "VIDEO", "SIGNATURE", "FINGERPRINT"],
        geolocateSigners: true,
      });
      const signer = signers[0]!;
      await context.grantPermissions(["camera", "microphone", "geolocation"]);
      await context.setGeolocation({ latitude: 41.3874, longitude: 2.1686, accuracy: 15 });

      await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
      await expect(page.getByTestId("signer-steps").locator("li")).toHaveCount(8);
      await page.getByTestId("start-process").click();

      await expect(page).toHaveURL(/\/data-confirm\//);
      await page.getByLabel("Número de identificación").fill("12345678Z");
      await page.getByTestId("confirm-data").click();

      await expect(page).toHaveURL(/\/accept-terms\//);
      await page.getByTestId("accept-terms-checkbox").check();
      await page.getByTestId("accept-terms").click();

      await expect(page).toHaveURL(/\/see-document\//);
      await expect(page.getByTestId("pdf-page").locator("canvas")).toBeVisible({ timeout: 20_000 });
      await page.getByTestId("document-sign").click();

      await expect(page).toHaveURL(/\/id-photo\//);
      for (let side = 0; side < 2; side++) {
        await expect(page.getByTestId("camera-take")).toBeEnabled({ timeout: 15_000 });
        await page.getByTestId("camera-take").click();
        await page.getByTestId("camera-use").click();
      }

      await expect(page).toHaveURL(/\/selfie-photo\//);
      await page.getByTestId("selfie-acceptance").check();
      await expect(page.getByTestId("camera-take")).toBeEnabled({ timeout: 15_000 });
      await page.getByTestId("camera-take").click();
      await page.getByTestId("camera-use").click();

      await expect(page).toHaveURL(/\/videosignature\//);
      await expect
        .poll(() => page.getByTestId("video-preview").evaluate((video) => (video as HTMLVideoElement).videoWidth), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await page.getByRole("button", { name: "Obtener mis dígitos" }).click();
      await expect(page.getByTestId("video-digits")).toHaveText(/^\d{2} \d{2} \d{2}$/);
      await page.waitForTimeout(3000);
      await page.getByRole("button", { name: "Detener la grabación" }).click();
      await page.getByRole("button", { name: "Enviar la grabación" }).click();

      await expect(page).toHaveURL(/\/digital-signature\//, { timeout: 30_000 });
      const pad = (await page.getByTestId("signature-pad").boundingBox())!;
      await page.mouse.move(pad.x + 20, pad.y + pad.height * 0.6);
      await page.mouse.down();
      for (let i = 1; i <= 20; i++)
        await page.mouse.move(pad.x + 20 + i * ((pad.width - 40) / 20), pad.y + pad.height * (0.4 + 0.25 * Math.sin(i)), { steps: 2 });
      await page.mouse.up();
      await page.getByTestId("signature-submit").click();

      await expect(page).toHaveURL(/\/fingerprint\//);
      await page.getByRole("button", { name: "Capturar huella" }).click();
      await expect(page.getByTestId("fingerprint-preview")).toBeVisible({ timeout: 15_000 });
      await page.getByTestId("fingerprint-send").click();

      await expect(page).toHaveURL(/\/full-process\//, { timeout: 30_000 });
      await expect(page.getByTestId("signing-done")).toBeVisible();

      // Every evidence is stored with its hash and in the audit trail, the location with its address.
      const kinds = (await db.evidence.findMany({ where: { signerId: signer.id }, orderBy: { id: "asc" } })).map((e) => e.kind);
      expect(kinds).toEqual(["ID_FRONT", "ID_REAR", "SELFIE", "VIDEO", "SIGNATURE_DRAWING", "FINGERPRINT"]);
      const location = await db.location.findFirstOrThrow({ where: { signerId: signer.id } });
      expect(location.displayName).toContain("Barcelona");
      const stored = await db.auditEvent.count({ where: { documentId: document.id, type: "evidence.stored" } });
      expect(stored).toBe(6);

      // The worker signs and seals; the signer's download page then offers the signed PDF.
      await expect
        .poll(async () => (await db.document.findUniqueOrThrow({ where: { id: document.id } })).sealedAt !== null, { timeout: 30_000 })
        .toBe(true);
      const href = await page.getByTestId("files-download-link").getAttribute("href");
      await page.goto(href!);
      // The signed file and, beside it, the audit certificate (a sealed PDF of its own).
      const links = page.getByTestId("signed-files").getByRole("link");
      await expect(links).toHaveCount(2);
      const [download] = await Promise.all([page.waitForEvent("download"), links.first().click()]);
      expect(download.suggestedFilename()).toMatch(/-firmado\.pdf$/);
      const [certificate] = await Promise.all([page.waitForEvent("download"), page.getByTestId("signed-files-certificate").click()]);
      expect(certificate.suggestedFilename()).toMatch(/-certificado-de-auditoria\.pdf$/);
    } finally {
      await bridge.close();
    }
  });
});
