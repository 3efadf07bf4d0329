import { expect, test } from "@playwright/test";
import "./support/load-env";
import { watchCsp } from "./support/csp";
import { getConfigNumber } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { createSentShipment } from "../support/signing";

// Chromium runs with --use-fake-device-for-media-stream (a synthetic camera and microphone) and no
// fake permission UI: each context grants the camera and microphone itself, so denial is testable.

const cameraDenied =
  "No se concedió permiso para usar la cámara o el micrófono. Concédalo en la configuración del navegador e inténtelo de nuevo.";
const timeExpired = "Se agotó el tiempo. Lea los dígitos en voz alta y evite el ruido.";

/** A shipment of the demo organisation whose flow is a video, then the handwritten signature. */
async function videoShipment() {
  const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
  const { signers } = await createSentShipment(organization.id, { signers: [{ identNumber: "12345678Z" }], steps: ["VIDEO", "SIGNATURE"] });
  return { organization, signer: { ...signers[0]!, secret: signers[0]!.secret! } };
}

test.describe("the video step, in Spanish", () => {
  test.use({ locale: "es-ES", viewport: { width: 1280, height: 900 } });

  test("records the signer reading their digits, lets them replay it, sends it and moves on to the signature", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["camera", "microphone"]);
    const violations = watchCsp(page);
    const { signer } = await videoShipment();

    await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
    await page.getByTestId("start-process").click();
    await expect(page).toHaveURL(new RegExp(`/signature-process/videosignature/${signer.secret}/${signer.hexId}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    // The camera is on: a live preview, then the digits on request.
    await expect
      .poll(() => page.getByTestId("video-preview").evaluate((video) => (video as HTMLVideoElement).videoWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await page.getByRole("button", { name: "Obtener mis dígitos" }).click();

    const digits = page.getByTestId("video-digits");
    await expect(digits).toHaveText(/^\d{2} \d{2} \d{2}$/);
    const shown = (await digits.textContent())!.replace(/\s/g, "");
    await expect(page.getByTestId("video-recording")).toBeVisible();
    await expect(page.getByTestId("video-countdown")).toHaveText(/^Tiempo restante: [12]:\d{2}$/);

    // About three seconds of reading aloud.
    await page.waitForTimeout(3000);
    await page.getByRole("button", { name: "Detener la grabación" }).click();

    // Replay before sending: the recording plays in the page.
    const replay = page.getByTestId("video-replay");
    await expect(replay).toBeVisible();
    await expect.poll(() => replay.evaluate((video) => (video as HTMLVideoElement).readyState), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect(page.getByTestId("video-countdown")).toBeVisible();

    await page.getByRole("button", { name: "Enviar la grabación" }).click();
    await expect(page).toHaveURL(new RegExp(`/signature-process/digital-signature/${signer.secret}/${signer.hexId}$`), { timeout: 30_000 });

    const evidence = await db.evidence.findFirstOrThrow({ where: { signerId: signer.id, kind: "VIDEO" } });
    expect(evidence.mimeType).toBe("video/webm");
    expect(evidence.size).toBeGreaterThan(1000);
    const detail = evidence.checkDetail as Record<string, unknown>;
    // The digits the signer saw are the ones kept with the video for review.
    expect(detail.digits).toBe(shown);
    expect(detail.remuxed).toBe(true);
    expect(await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).toMatchObject({ currentStep: 1, attempts: 0 });
    expect(violations).toEqual([]);
  });

  test("when time runs out: the recording stops, 'Time expired' is said, the attempt counts and new digits are offered", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["camera", "microphone"]);
    const { organization, signer } = await videoShipment();
    const max = await getConfigNumber(organization.id, "max_capture_attempts");
    await page.clock.install();

    await page.goto(`/signature-process/videosignature/${signer.secret}/${signer.hexId}`);
    await expect
      .poll(() => page.getByTestId("video-preview").evaluate((video) => (video as HTMLVideoElement).videoWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await page.getByRole("button", { name: "Obtener mis dígitos" }).click();
    await expect(page.getByTestId("video-digits")).toHaveText(/^\d{2} \d{2} \d{2}$/);
    const first = await page.getByTestId("video-digits").textContent();

    // The flow step sets no time: two minutes, and they pass without the signer stopping.
    await page.clock.fastForward("02:01");
    await expect(page.getByTestId("video-expired")).toContainText(timeExpired);
    await expect(page.getByTestId("video-recording")).toHaveCount(0);
    await expect.poll(async () => (await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).attempts).toBe(1);
    await expect(page.getByTestId("video-expired")).toContainText(max - 1 === 1 ? "Le queda 1 intento." : `Le quedan ${max - 1} intentos.`);
    expect(await db.evidence.count({ where: { signerId: signer.id } })).toBe(0);

    await page.getByRole("button", { name: "Intentarlo con otros dígitos" }).click();
    await expect(page.getByTestId("video-digits")).toHaveText(/^\d{2} \d{2} \d{2}$/);
    await expect(page.getByTestId("video-recording")).toBeVisible();
    // New digits (one chance in a million of the same six).
    expect(await page.getByTestId("video-digits").textContent()).not.toBe(first);
  });

  test("without permission for the camera and microphone: says so plainly and offers to retry", async ({ page }) => {
    const { signer } = await videoShipment();
    await page.goto(`/signature-process/videosignature/${signer.secret}/${signer.hexId}`);
    await expect(page.getByTestId("video-camera-problem")).toContainText(cameraDenied);
    await expect(page.getByRole("button", { name: "Obtener mis dígitos" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Reintentar" })).toBeVisible();
  });
});
