import "./support/load-env";
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { db } from "@/lib/db/client";
import { randomHex } from "@/lib/security/random";
import { demo, signIn } from "./support/accounts";
import { livenessOutcome } from "./support/liveness-outcome";
import { enterWithPin, validationLink } from "./support/validation-links";

// A person validates who they are on their phone through a validation link and its PIN: the camera shows a real face
// and the microphone a voice reading digits (playwright.config.ts, DESIGN.md §5); the worker runs the face and
// liveness checks as for signers.

/** A surname of letters only (a name is refused with digits), different on every run. */
const surname = (stem: string) => `${stem}${randomHex(3).replace(/\d/g, (digit) => "ghijklmnop"[Number(digit)]!)}`;

/** The data form and its confirmation. */
async function enterData(person: Page, lastName: string) {
  await expect(person).toHaveURL(/\/validation-process\/data-capture-validation\//);
  await person.getByLabel("Nombre").fill("Lucía");
  await person.getByLabel("Apellidos").fill(lastName);
  await person.getByLabel("País").selectOption("ES");
  await person.getByLabel("Tipo de identificación").selectOption("DNI");
  await person.getByLabel("Número de identificación").fill("12345678Z");
  await person.getByTestId("submit-validation-data").click();
  await expect(person).toHaveURL(/\/validation-process\/data-confirm\//);
  await expect(person.getByTestId("validation-data-lastName")).toHaveText(lastName);
}

test.describe("a person validates their identity on a phone", () => {
  test.use({ locale: "es-ES", viewport: { width: 1280, height: 900 } });

  test("data, ID photo, selfie and video through the link and its PIN; staff then see the validation completed", async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await page.goto("/seeValidation");
    await signIn(page, demo.orgAdmin);
    // The first sign-in of a fresh server also warms it up.
    await expect(page).toHaveURL(/\/seeValidation$/, { timeout: 30_000 });
    const validationHexId = await validationLink(page, [
      { type: "DATA_CONFIRM" },
      { type: "ID_PHOTO" },
      { type: "SELFIE", compareWithPosition: 2 },
      { type: "VIDEO", compareWithPosition: 3 },
    ]);
    const { context, person, urlSign, processHexId } = await enterWithPin(browser, validationHexId);

    // A step page out of turn leads to the current step; the home page asks for the location first.
    await person.goto(`/validation-process/video/${urlSign}/${processHexId}`);
    await expect(person).toHaveURL(new RegExp(`/validation-process/home-page/${urlSign}/${processHexId}$`));
    await expect(person.getByTestId("organization-name")).toHaveText("Notaría Demo S.L.");
    await expect(person.getByTestId("signer-steps").locator("li")).toHaveCount(4);
    await person.getByTestId("start-process").click();

    const lastName = surname("Validada");
    await enterData(person, lastName);
    await person.getByTestId("confirm-validation-data").click();

    // An ID of no stated type: its front, then its rear.
    await expect(person).toHaveURL(/\/validation-process\/id-photo\//);
    for (const side of ["ID_FRONT", "ID_REAR"]) {
      await expect(person.getByTestId(`photo-side-${side}`)).toHaveAttribute("data-done", "false");
      await expect(person.getByTestId("camera-take")).toBeEnabled({ timeout: 15_000 });
      await person.getByTestId("camera-take").click();
      await person.getByTestId("camera-use").click();
    }

    await expect(person).toHaveURL(/\/validation-process\/selfie-photo\//, { timeout: 15_000 });
    await expect(person.getByTestId("camera-take")).toBeDisabled();
    await person.getByTestId("selfie-acceptance").check();
    await expect(person.getByTestId("camera-take")).toBeEnabled({ timeout: 15_000 });
    await person.getByTestId("camera-take").click();
    await person.getByTestId("camera-use").click();

    await expect(person).toHaveURL(/\/validation-process\/video\//, { timeout: 30_000 });
    await expect
      .poll(() => person.getByTestId("video-preview").evaluate((video) => (video as HTMLVideoElement).videoWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await person.getByRole("button", { name: "Obtener mis dígitos" }).click();
    await expect(person.getByTestId("video-digits")).toHaveText(/^\d{2} \d{2} \d{2}$/);
    await person.waitForTimeout(3000);
    await person.getByRole("button", { name: "Detener la grabación" }).click();
    await person.getByRole("button", { name: "Enviar la grabación" }).click();

    // When the page does not reach the end, the failure says what the liveness judge decided.
    await expect(person)
      .toHaveURL(new RegExp(`/validation-process/full-process/${urlSign}/${processHexId}$`), { timeout: 45_000 })
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\nLiveness: ${await livenessOutcome({ validationProcessHexId: processHexId })}`);
      });
    await expect(person.getByTestId("validation-done")).toHaveText("¡Listo! Su validación de identidad se ha completado.");

    const stored = await db.validationProcess.findUniqueOrThrow({ where: { hexId: processHexId }, include: { evidences: true } });
    expect(stored).toMatchObject({ status: "COMPLETED", firstName: "Lucía", lastName, identNumber: "12345678Z" });
    expect(stored.evidences.map((evidence) => evidence.kind).sort()).toEqual(["ID_FRONT", "ID_REAR", "SELFIE", "VIDEO"]);
    // The page said when it painted each prompt, and the server kept it within 1.5 s of the prompt's due moment.
    const video = stored.evidences.find((evidence) => evidence.kind === "VIDEO")!;
    const prompts = (video.checkDetail as { prompts: { atMs: number; shownAtMs?: number }[] }).prompts;
    expect(prompts).toHaveLength(2);
    for (const prompt of prompts) {
      expect(prompt.shownAtMs).toBeGreaterThanOrEqual(prompt.atMs);
      expect(prompt.shownAtMs).toBeLessThanOrEqual(prompt.atMs + 1500);
    }
    expect(await db.location.count({ where: { validationProcessId: stored.id } })).toBe(1);

    // The person takes their sealed certificate home from the end page (made by the worker once the process completed).
    const [certificate] = await Promise.all([
      person.waitForEvent("download", { timeout: 60_000 }),
      person.getByTestId("validation-certificate-button").click(),
    ]);
    expect(certificate.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await readFile((await certificate.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.includes(Buffer.from("/ByteRange"))).toBe(true);

    // The finished link stays on its end page: any of its pages leads there.
    await person.goto(`/validation-process/id-photo/${urlSign}/${processHexId}`);
    await expect(person).toHaveURL(new RegExp(`/validation-process/full-process/${urlSign}/${processHexId}$`));
    await context.close();

    // Staff see it validated.
    await page.goto("/seeValidation/all/COMPLETED");
    await page.getByTestId("validation-processes-search").fill(lastName);
    const row = page.locator(`[data-testid="validation-process-row"][data-process="${processHexId}"]`);
    await expect(row.getByTestId("validation-status")).toHaveText("Validada");
  });

  test("a person who declines the validation cannot undo it: the link shows the rejection from then on", async ({ page, browser }) => {
    await page.goto("/seeValidation");
    await signIn(page, demo.orgAdmin);
    // The first sign-in of a fresh server also warms it up.
    await expect(page).toHaveURL(/\/seeValidation$/, { timeout: 30_000 });
    const validationHexId = await validationLink(page, [{ type: "DATA_CONFIRM" }, { type: "SELFIE" }]);
    const { context, person, urlSign, processHexId } = await enterWithPin(browser, validationHexId);
    await person.getByTestId("start-process").click();
    await enterData(person, surname("Rechaza"));

    await person.getByTestId("decline-validation").click();
    await expect(person).toHaveURL(/\/validation-process\/document-rejection\//);
    await person.getByTestId("confirm-rejection").click();
    await expect(person.getByRole("alert").filter({ hasText: "Debe indicar el motivo del rechazo." })).toBeVisible();
    await person.getByLabel("Motivo del rechazo").fill("No he pedido darme de alta");
    await person.getByTestId("confirm-rejection").click();
    await expect(person.getByTestId("rejection-recorded")).toContainText("No se puede deshacer");
    expect(await db.validationProcess.findUniqueOrThrow({ where: { hexId: processHexId } })).toMatchObject({
      status: "REJECTED",
      rejectionReason: "No he pedido darme de alta",
    });

    // Back to the link: every page shows the rejection, and the API refuses to go on.
    for (const step of ["home-page", "data-confirm", "selfie-photo"]) {
      await person.goto(`/validation-process/${step}/${urlSign}/${processHexId}`);
      await expect(person).toHaveURL(new RegExp(`/validation-process/document-rejection/${urlSign}/${processHexId}$`));
      await expect(person.getByTestId("rejection-recorded")).toBeVisible();
    }
    const again = await person.request.post(`/api/validation-process/${processHexId}/step/data-confirm`, {
      data: { confirmed: true },
      headers: { "x-url-sign": urlSign },
    });
    expect(again.ok()).toBe(false);
    expect(await db.validationProcess.findUniqueOrThrow({ where: { hexId: processHexId } })).toMatchObject({ status: "REJECTED" });

    // A wrong secret is an unknown link, whatever the process.
    await person.goto(`/validation-process/home-page/${randomHex(16)}/${processHexId}`);
    await expect(person).toHaveURL(/\/error\/UNKNOWN\/UNKNOWN$/);
    await context.close();
  });
});
