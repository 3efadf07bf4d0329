import { expect, test } from "@playwright/test";
import "./support/load-env";
import { drawSignature } from "./support/signature-pad";
import { db } from "@/lib/db/client";
import { createSentShipment, type TestSigner } from "../support/signing";
import { readFileSync } from "node:fs";
import type esCatalog from "../../messages/es-es.json";

const catalog = JSON.parse(readFileSync(new URL("../../messages/es-es.json", import.meta.url), "utf8")) as typeof esCatalog;

/** A shipment of the demo organisation, sent, with live links for its first order. */
async function shipment(signers: TestSigner[], options: { obligatoryGeolocation?: boolean } = {}) {
  const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
  return createSentShipment(organization.id, { signers, ...options });
}

test.describe("a signer on a desktop, in Spanish", () => {
  test.use({ locale: "es-ES", viewport: { width: 1280, height: 900 } });

  test("follows the link through data, terms, document and signature to the end", async ({ page }) => {
    const { signers, document } = await shipment([{ identNumber: null }, { position: 2 }]);
    const signer = signers[0]!;

    await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
    await expect(page).toHaveURL(new RegExp(`/signature-process/home-page/${signer.secret}/${signer.hexId}$`));
    await expect(page.getByTestId("organization-name")).toHaveText("Notaría Demo S.L.");
    await expect(page.getByTestId("signer-greeting")).toContainText("Firmante0");
    await expect(page.getByTestId("document-name")).toHaveText(document.title);
    await expect(page.getByTestId("signer-steps").locator("li")).toHaveCount(4);
    await page.getByTestId("start-process").click();

    await expect(page).toHaveURL(/\/signature-process\/data-confirm\//);
    await page.getByTestId("confirm-data").click();
    await expect(
      page.getByRole("alert").filter({ hasText: "El número de identificación es obligatorio en el proceso de firma." }),
    ).toBeVisible();
    await page.getByLabel("Número de identificación").fill("12345678Z");
    await page.getByTestId("confirm-data").click();

    await expect(page).toHaveURL(/\/signature-process\/accept-terms\//);
    await expect(page.getByTestId("terms-of-use")).toContainText("18 años");
    await expect(page.getByTestId("accept-terms")).toBeDisabled();
    await page.getByTestId("accept-terms-checkbox").check();
    await page.getByTestId("accept-terms").click();

    await expect(page).toHaveURL(/\/signature-process\/see-document\//);
    await expect(page.getByTestId("pdf-page").locator("canvas")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("pdf-page-count")).toHaveText("1 página");
    await page.getByTestId("pdf-refresh").click();
    await expect(page.getByTestId("pdf-page").locator("canvas")).toBeVisible({ timeout: 20_000 });
    await page.getByTestId("document-sign").click();

    await expect(page).toHaveURL(/\/signature-process\/digital-signature\//);
    await expect(page.getByTestId("signature-submit")).toBeDisabled();
    await drawSignature(page);
    await page.getByTestId("signature-submit").click();

    await expect(page).toHaveURL(/\/signature-process\/full-process\//);
    await expect(page.getByTestId("signing-done")).toHaveText("¡Listo! Ha completado su firma.");
    const stored = await db.signer.findUniqueOrThrow({ where: { id: signer.id } });
    expect(stored).toMatchObject({ status: "COMPLETED", identNumber: "12345678Z", termsAccepted: true });
    expect(await db.evidence.count({ where: { signerId: signer.id, kind: "SIGNATURE_DRAWING" } })).toBe(1);
    // The second order is invited now that the first is done.
    expect(await db.delivery.count({ where: { signerId: signers[1]!.id, kind: "INVITATION" } })).toBe(1);

    // The signed copy's page: the shipment still waits for its second order, so nothing to download yet.
    const downloadHref = await page.getByTestId("files-download-link").getAttribute("href");
    await page.goto(downloadHref!);
    await expect(page.getByTestId("signed-files-pending")).toBeVisible();
    await page.goBack();
    await page.getByRole("link", { name: "Ver el estado de los firmantes" }).click();
    await expect(page.getByTestId("signers-summary").locator("tbody tr")).toHaveCount(2);
    await expect(page.getByTestId("signers-summary")).toContainText("Firmado");

    // The finished link cannot be used again.
    await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
    await expect(page).toHaveURL(/\/error\/COMPLETED\/COMPLETED$/);
    await expect(page.getByTestId("error-page")).toContainText("El proceso ya fue completado.");
  });

  test("rejects the document with a reason, after which the link is ended", async ({ page }) => {
    const { signers, document } = await shipment([{}]);
    const signer = signers[0]!;
    await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
    await page.getByTestId("start-process").click();
    await page.getByRole("button", { name: "Mis datos no son correctos" }).click();

    await expect(page).toHaveURL(/\/signature-process\/document-rejection\//);
    await page.getByTestId("confirm-rejection").click();
    await expect(page.getByText("Debe indicar el motivo del rechazo.")).toBeVisible();
    await page.getByLabel("Motivo del rechazo").fill("Mi número de documento está mal escrito");
    await page.getByTestId("confirm-rejection").click();
    await expect(page.getByTestId("rejection-recorded")).toBeVisible();
    expect((await db.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe("REJECTED");

    await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
    await expect(page.getByTestId("error-page")).toContainText("La firma o validación fue rechazada.");
  });

  test("an unknown link says the link is unavailable and to ask for a new one", async ({ page }) => {
    await page.goto(`/sign/${"a".repeat(32)}/${"b".repeat(32)}`);
    await expect(page).toHaveURL(/\/error\/UNKNOWN\/UNKNOWN$/);
    await expect(page.getByTestId("error-page")).toContainText("El enlace no está disponible.");
    await expect(page.getByTestId("error-page")).toContainText("solicite uno nuevo");
  });
});

test.describe("a signer on a phone, in English", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "en-US" });

  test("sees the pages in their preferred language and signs on the small screen", async ({ page }) => {
    const { signers } = await shipment([{ language: "en_us", identNumber: "X1234567L" }]);
    const signer = signers[0]!;
    await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
    await expect(page.getByTestId("signer-greeting")).toHaveText("Hello, Firmante0:");
    await page.getByTestId("start-process").click();
    await page.getByRole("button", { name: "My details are correct" }).click();
    await page.getByTestId("accept-terms-checkbox").check();
    await page.getByTestId("accept-terms").click();
    await expect(page.getByTestId("pdf-page").locator("canvas")).toBeVisible({ timeout: 20_000 });
    await page.getByTestId("document-sign").click();
    await drawSignature(page);
    await page.getByTestId("signature-submit").click();
    await expect(page.getByTestId("signing-done")).toHaveText("Done! You have completed your signature.");
  });

  test("resumes on another device where the signer left off", async ({ page, browser }) => {
    const { signers } = await shipment([{ identNumber: "12345678Z", language: "en_us" }]);
    const signer = signers[0]!;
    await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
    await page.getByTestId("start-process").click();
    await page.getByRole("button", { name: "My details are correct" }).click();
    await expect(page).toHaveURL(/\/signature-process\/accept-terms\//);

    const desktop = await browser.newContext({ locale: "en-US" });
    const other = await desktop.newPage();
    await other.goto(`http://127.0.0.1:3100/sign/${signer.secret}/${signer.hexId}`);
    await other.getByTestId("start-process").click();
    await expect(other).toHaveURL(/\/signature-process\/accept-terms\//);
    // A step already done is not offered again.
    await other.goto(`http://127.0.0.1:3100/signature-process/data-confirm/${signer.secret}/${signer.hexId}`);
    await expect(other).toHaveURL(/\/signature-process\/accept-terms\//);
    await desktop.close();
  });
});

test.describe("a flow that makes the location obligatory", () => {
  test.use({ locale: "es-ES" });

  test("blocks with the spec message until the signer allows it, then goes on with Reintentar", async ({ page, context }) => {
    const { signers } = await shipment([{}], { obligatoryGeolocation: true });
    const signer = signers[0]!;
    await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
    await page.getByTestId("start-process").click();
    await expect(page.getByTestId("location-denied")).toHaveText(
      "Debe permitir el acceso a su localización para continuar con el proceso, asegurese de conceder el permiso e intente nuevamente reiniciando la operación.",
    );
    await expect(page).toHaveURL(/\/signature-process\/home-page\//);

    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 40.4168, longitude: -3.7038, accuracy: 20 });
    await page.getByRole("button", { name: "Reintentar" }).click();
    await expect(page).toHaveURL(/\/signature-process\/data-confirm\//);
    const locations = await db.location.findMany({ where: { signerId: signer.id }, orderBy: { id: "asc" } });
    expect(locations.map((l) => [l.errorCode, l.latitude])).toEqual([
      [1, null],
      [null, 40.4168],
    ]);
  });
});

test.describe("each link state of spec §4 ends the link with its own message", () => {
  test.use({ locale: "es-ES" });

  const cases: {
    state: keyof typeof catalog.linkStates;
    signer?: "REJECTED" | "LAPSED" | "COMPLETED" | "IN_REVIEW" | "CANCELLED";
    document?: "CANCELLED" | "EXPIRED" | "COMPLETED" | "DRAFT";
  }[] = [
    { state: "REJECTED", signer: "REJECTED" },
    { state: "LAPSED", signer: "LAPSED" },
    { state: "COMPLETED", signer: "COMPLETED" },
    { state: "IN_REVIEW", signer: "IN_REVIEW" },
    { state: "CANCELLED", document: "CANCELLED" },
    { state: "CANCELLED", document: "EXPIRED" },
    { state: "SHIPMENT_COMPLETED", signer: "CANCELLED", document: "COMPLETED" },
    { state: "INCORRECT_STATUS", document: "DRAFT" },
  ];
  for (const c of cases) {
    test(`${c.state} (signer ${c.signer ?? "pending"}, shipment ${c.document ?? "sent"})`, async ({ page }) => {
      const { document, signers } = await shipment([{}]);
      const signer = signers[0]!;
      if (c.signer) await db.signer.update({ where: { id: signer.id }, data: { status: c.signer } });
      if (c.document) await db.document.update({ where: { id: document.id }, data: { status: c.document } });

      await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
      if (c.state === "IN_REVIEW") {
        // A signer whose evidence awaits review lands on review-process, wherever the link leads.
        await expect(page).toHaveURL(/\/signature-process\/review-process\//);
        await expect(page.getByTestId("in-review")).toHaveText(catalog.signing.review.body);
        await page.goto(`/signature-process/digital-signature/${signer.secret}/${signer.hexId}`);
        await expect(page).toHaveURL(/\/signature-process\/review-process\//);
        return;
      }
      await expect(page).toHaveURL(new RegExp(`/error/${c.signer ?? "PENDING"}/${c.state}$`));
      await expect(page.getByTestId("error-page")).toContainText(catalog.linkStates[c.state]);
      await expect(page.getByTestId("error-page")).toContainText(catalog.linkStates.askForNewLink);
      // The step pages refuse the ended link too.
      await page.goto(`/signature-process/digital-signature/${signer.secret}/${signer.hexId}`);
      await expect(page).toHaveURL(/\/error\//);
    });
  }
});

test.describe("the attempt limit", () => {
  test.use({ locale: "es-ES" });

  test("sends the signer to finishedAttempts, from where the process starts again at its first step", async ({ page }) => {
    const { signers } = await shipment([{}]);
    const signer = signers[0]!;
    await db.signer.update({ where: { id: signer.id }, data: { status: "ATTEMPTS_EXHAUSTED", currentStep: 2, attempts: 3 } });

    await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
    await page.getByTestId("start-process").click();
    await expect(page).toHaveURL(/\/signature-process\/finishedAttempts\//);
    await expect(page.getByTestId("attempts-exhausted")).toHaveText(catalog.capture.attemptsExhausted);
    await page.goto(`/signature-process/digital-signature/${signer.secret}/${signer.hexId}`);
    await expect(page).toHaveURL(/\/signature-process\/finishedAttempts\//);

    await page.getByTestId("restart-process").click();
    await expect(page).toHaveURL(/\/signature-process\/home-page\//);
    await page.getByTestId("start-process").click();
    await expect(page).toHaveURL(/\/signature-process\/data-confirm\//);
    expect(await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).toMatchObject({
      status: "IN_PROGRESS",
      currentStep: 0,
      attempts: 0,
    });
  });
});
