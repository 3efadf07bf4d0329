import "./support/load-env";
import { callsOf } from "./support/validation-calls";
import { expect, test } from "@playwright/test";
import { db } from "@/lib/db/client";
import { randomHex } from "@/lib/security/random";
import { seedValidationInReview } from "../support/validation-review";
import { demo, signIn } from "./support/accounts";

test.describe("staff review of validation processes", () => {
  test.use({ locale: "es-ES", viewport: { width: 1280, height: 900 } });

  test("staff open a process in review from the list, see its evidence and location, reject it with a reason, and the decision cannot be changed", async ({
    page,
  }) => {
    await page.goto("/seeValidation");
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/seeValidation$/);

    const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
    const lastName = `Revisión${randomHex(3)}`;
    const seeded = await seedValidationInReview(callsOf(page.request), organization.id, { firstName: "Elena", lastName });

    await page.getByTestId("validation-tab-IN_REVIEW").click();
    await expect(page).toHaveURL(/\/seeValidation\/all\/IN_REVIEW$/);
    await page.getByTestId("validation-processes-search").fill(lastName);
    const row = page.locator(`[data-testid="validation-process-row"][data-process="${seeded.processHexId}"]`);
    await expect(row.getByTestId("validation-status")).toHaveText("En revisión");
    await expect(row.getByTestId("validation-process-checks")).toContainText("2 evidencias: 1 verificadas, 0 fallidas, 1 en revisión");
    await row.getByTestId("validation-process-open").click();

    await expect(page).toHaveURL(new RegExp(`/seeValidation/${seeded.processHexId}$`));
    await expect(page.getByTestId("validation-person-name")).toHaveText(`Elena ${lastName}`);
    // The selfie comes from the staff-only evidence route and really decodes.
    const image = page.getByTestId("validation-evidence-image");
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId("validation-face-distance")).toContainText("0,31");
    await expect(page.getByTestId("validation-review-digits")).toHaveText(seeded.digits);
    // What the liveness judge measured, in words and against its thresholds, and the frames it looked at: a moment
    // shows the recording there.
    await expect(page.getByTestId("liveness-measurements")).toContainText(
      "Gire la cabeza a su izquierda: giro 0,150 (mínimo 0,120), relieve 0,041 (mínimo 0,025). Respondida.",
    );
    await expect(page.getByTestId("liveness-measurements")).toContainText("Movimiento de la boca 0,030 (mínimo 0,030). Se oye la voz.");
    const frames = page.getByTestId("validation-review-frames");
    await frames.getByText("Fotogramas examinados (4)").click();
    await expect(frames.locator("tbody tr")).toHaveCount(4);
    await expect(frames.locator("tbody tr").nth(3)).toContainText("0,61");
    await frames.getByRole("button", { name: "Ver el vídeo en 4,1 s" }).click();
    await expect
      .poll(() => page.getByTestId("validation-review-video").evaluate((video: HTMLVideoElement) => video.currentTime))
      .toBeCloseTo(4.1, 1);
    await expect(page.getByTestId("validation-location-map")).toBeVisible();
    await expect(page.getByTestId("validation-location")).toContainText("Madrid");
    await expect(page.getByTestId("validation-audit")).toContainText("Evidencia recibida");

    const reason = "La cara del vídeo no coincide con la del selfi";
    await expect(page.getByTestId("validation-review-reject")).toBeDisabled();
    await page.getByTestId("validation-review-reason").fill(reason);
    await page.getByTestId("validation-review-reject").click();
    await expect(page.getByTestId("validation-review-confirm-dialog")).toContainText("El rechazo es irreversible.");
    await page.getByTestId("validation-review-confirm").click();

    await expect(page.getByTestId("validation-status")).toHaveText("Rechazada");
    const final = page.getByTestId("validation-decision-final");
    await expect(final).toContainText(`Motivo: «${reason}»`);
    await expect(final).toContainText("La decisión es definitiva y no puede cambiarse.");
    await expect(page.getByTestId("validation-review-accept")).toHaveCount(0);
    await expect(page.getByTestId("validation-audit")).toContainText("Validación rechazada por el personal");

    // Nor can it be changed behind the screen's back: the API refuses a second decision with a clear message.
    const again = await page.request.post(`/api/validation-processes/${seeded.processHexId}/accept`, { data: {} });
    expect(again.status()).toBe(409);
    expect(await again.json()).toMatchObject({
      errorCode: "VALIDATION_PROCESS_DECIDED",
      message: "Esta validación ya se decidió y la decisión es definitiva: no puede cambiarse.",
    });
    await page.reload();
    await expect(page.getByTestId("validation-status")).toHaveText("Rechazada");
    await expect(page.getByTestId("validation-review-reject")).toHaveCount(0);
  });
});
