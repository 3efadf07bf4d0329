import { expect, test } from "@playwright/test";

// Chromium runs with --use-fake-device-for-media-stream (a fake camera and a beeping microphone) and
// without --use-fake-ui-for-media-stream, so camera access depends on each context's grant.

const cameraDenied =
  "No se concedió permiso para usar la cámara o el micrófono. Concédalo en la configuración del navegador e inténtelo de nuevo.";

test.describe("/detect-rtc, the signer's camera and microphone check", () => {
  test("with camera and microphone allowed: both work, with a live preview and a moving microphone meter", async ({ page, context }) => {
    await context.grantPermissions(["camera", "microphone"]);
    await page.goto("/detect-rtc");

    await expect(page.getByRole("heading", { name: "Comprobación de cámara y micrófono" })).toBeVisible();
    await expect(page.getByTestId("rtc-check-browser")).toHaveAttribute("data-status", "ok");
    await expect(page.getByTestId("rtc-check-getUserMedia")).toHaveAttribute("data-status", "ok");
    await expect(page.getByTestId("rtc-check-rtcPeerConnection")).toHaveAttribute("data-status", "ok");
    await expect(page.getByTestId("rtc-check-mediaRecorder")).toHaveAttribute("data-status", "ok");
    await expect(page.getByTestId("rtc-check-camera")).toHaveAttribute("data-status", "pending");

    await page.getByRole("button", { name: "Probar cámara y micrófono" }).click();

    for (const device of ["camera", "microphone"]) {
      const row = page.getByTestId(`rtc-check-${device}`);
      await expect(row).toHaveAttribute("data-status", "ok");
      await expect(row).toContainText("Correcto");
    }
    await expect(page.getByTestId("rtc-all-good")).toHaveText("Todo listo: su navegador puede usar la cámara y el micrófono para firmar.");
    await expect(page.getByTestId("rtc-problems")).toHaveCount(0);
    await expect(page.getByTestId("rtc-devices")).toHaveText(/Cámaras encontradas: [1-9]\d*\. Micrófonos encontrados: [1-9]\d*\./);
    await expect.poll(() => page.getByTestId("rtc-preview").evaluate((video) => (video as HTMLVideoElement).videoWidth)).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId("rtc-mic-level").evaluate((meter) => Number((meter as HTMLMeterElement).dataset.peak ?? 0)), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
  });

  test("without permission: says the camera was refused and how to allow it again; once allowed, checking again works", async ({
    page,
    context,
  }) => {
    await page.goto("/detect-rtc");
    await page.getByRole("button", { name: "Probar cámara y micrófono" }).click();

    await expect(page.getByTestId("rtc-problems")).toContainText(cameraDenied);
    await expect(page.getByTestId("rtc-reallow")).toContainText("Cómo volver a permitir la cámara y el micrófono");
    await expect(page.getByTestId("rtc-check-camera")).toHaveAttribute("data-status", "fail");
    await expect(page.getByTestId("rtc-check-microphone")).toHaveAttribute("data-status", "fail");
    await expect(page.getByTestId("rtc-preview")).toHaveCount(0);
    await expect(page.getByTestId("rtc-all-good")).toHaveCount(0);

    await context.grantPermissions(["camera", "microphone"]);
    await page.getByRole("button", { name: "Comprobar de nuevo" }).click();

    await expect(page.getByTestId("rtc-check-camera")).toHaveAttribute("data-status", "ok");
    await expect(page.getByTestId("rtc-problems")).toHaveCount(0);
    await expect(page.getByTestId("rtc-reallow")).toHaveCount(0);
  });

  test.describe("in Microsoft Edge", () => {
    test.use({
      userAgent:
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70",
    });

    test("advises a supported browser (spec §8), in the page the server sends", async ({ page }) => {
      const response = await page.goto("/detect-rtc");

      // In the server's HTML itself (Internet Explorer never runs the page's script).
      expect(await response?.text()).toContain('data-testid="rtc-browser-advice"');
      await expect(page.getByTestId("rtc-browser-advice")).toHaveText(
        "Edge, Safari e Internet Explorer no son compatibles. Use Chrome, Firefox u otro navegador compatible.",
      );
      await expect(page.getByTestId("rtc-check-browser")).toHaveAttribute("data-status", "fail");
    });
  });
});
