import { PDFDocument } from "@cantoo/pdf-lib";
import { expect, test } from "@playwright/test";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { demo, signIn } from "./support/accounts";
import { e2eMailDir } from "./global-setup";

/** The texts of the mails the SMTP sink received for one address so far. */
async function mailsTo(address: string): Promise<string[]> {
  const files = (await readdir(e2eMailDir)).filter((f) => f.endsWith(`${address}.json`));
  return Promise.all(files.map(async (f) => (JSON.parse(await readFile(path.join(e2eMailDir, f), "utf8")) as { text: string }).text));
}

function uniqueLetters(length = 8): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
}

/** A datetime-local value some days ahead, in the browser's zone (the test and the browser share it). */
function daysAhead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

async function onePagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  return Buffer.from(await pdf.save());
}

test.describe("shipment preparation (/prepare-document)", () => {
  test("an order's minimum that mandatory signers contradict: the screen says the shipment will wait for both and offers to unmark them", async ({
    page,
  }) => {
    const suffix = uniqueLetters();
    await page.goto("/prepare-document");
    await signIn(page, demo.orgAdmin);
    const form = page.getByTestId("prepare-document-form");
    await form.locator("#draft-title").fill(`Mínimo ${suffix}`);
    await form.locator("#draft-description").fill("Dos firmantes, basta uno.");
    await form.locator("#draft-expiration").fill(daysAhead(10));
    await page.getByTestId("prepare-save").click();
    await expect(page).toHaveURL(/\/prepare-document\/[0-9a-f]{32}$/);
    for (const index of [0, 1]) {
      await page.getByTestId("signer-add-new").click();
      await form.locator(`#signer-${index}-firstName`).fill(`Firmante${index}`);
      await form.locator(`#signer-${index}-lastName`).fill(suffix);
      await form.locator(`#signer-${index}-email`).fill(`f${index}.${suffix}@firmantes.test`);
      await form.locator(`#signer-${index}-position`).fill("1");
    }
    await expect(page.getByTestId("order-minimum")).toHaveValue("1");
    // Both default to mandatory: 1 of 2 still waits for both, and the screen says so.
    const warning = page.getByTestId("order-contradiction");
    await expect(warning).toContainText("el mínimo es 1 de 2, pero 2 firmantes están marcados como obligatorios");
    await expect(warning).toContainText("el envío esperará a los 2");
    await page.getByTestId("order-unmark-mandatory").click();
    await expect(form.locator('input[name="signers.0.mandatory"]')).not.toBeChecked();
    await expect(form.locator('input[name="signers.1.mandatory"]')).not.toBeChecked();
    await expect(warning).toHaveCount(0);
    await expect(page.getByTestId("order-plan")).toHaveText("Orden 1: se esperará a 1 firma de 2.");
    // The other consistent choice: a minimum of 2 with both mandatory.
    await form.locator('input[name="signers.0.mandatory"]').check();
    await form.locator('input[name="signers.1.mandatory"]').check();
    await page.getByTestId("order-raise-minimum").click();
    await expect(page.getByTestId("order-minimum")).toHaveValue("2");
    await expect(page.getByTestId("order-plan")).toHaveText("Orden 1: se esperará a 2 firmas de 2, incluidas las de los 2 obligatorios.");
  });

  test("the organisation administrator prepares a draft with a file and two signers, resumes it after a reload, reviews and sends it, and the first signer gets a working link", async ({
    page,
  }) => {
    const suffix = uniqueLetters();
    const title = `Contrato ${suffix}`;
    const first = { firstName: "Ana", lastName: `Uno${suffix}`, email: `ana.${suffix}@firmantes.test` };
    const second = { firstName: "Bruno", lastName: `Dos${suffix}`, email: `bruno.${suffix}@firmantes.test` };

    await page.goto("/prepare-document");
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/prepare-document$/);

    const form = page.getByTestId("prepare-document-form");
    await form.locator("#draft-title").fill(title);
    await form.locator("#draft-description").fill("Contrato de prueba para el navegador.");
    await form.locator("#draft-expiration").fill(daysAhead(10));
    await form.locator("#draft-flow").selectOption({ label: "Firma simple" });
    await expect(page.getByTestId("draft-file-input")).toBeDisabled();
    await page.getByTestId("prepare-save").click();
    await expect(page).toHaveURL(/\/prepare-document\/[0-9a-f]{32}$/);
    const draftUrl = page.url();

    const fileInput = page.getByTestId("draft-file-input");
    await expect(fileInput).toBeEnabled();
    await expect(page.getByTestId("draft-file-limit")).toContainText("MB");
    await fileInput.setInputFiles({ name: "uno.pdf", mimeType: "application/pdf", buffer: await onePagePdf() });
    const uploaded = page.getByTestId("draft-upload").filter({ hasText: "uno.pdf" });
    await expect(uploaded).toHaveAttribute("data-state", "done");
    await expect(uploaded.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    const fileRow = page.locator('[data-testid="draft-file"][data-file="uno.pdf"]');
    await expect(fileRow).toBeVisible();
    await expect(fileRow.getByTestId("draft-file-pages")).toHaveText("1 página");

    await fileInput.setInputFiles({ name: "x.pdf", mimeType: "application/pdf", buffer: Buffer.from("esto no es un pdf") });
    const rejected = page.getByTestId("draft-upload").filter({ hasText: "x.pdf" });
    await expect(rejected).toHaveAttribute("data-state", "failed");
    await expect(rejected.getByTestId("draft-upload-error")).toHaveText("El archivo debe ser un PDF.");
    await expect(page.getByTestId("draft-file")).toHaveCount(1);

    for (const [index, signer] of [first, second].entries()) {
      await page.getByTestId("signer-add-new").click();
      await form.locator(`#signer-${index}-firstName`).fill(signer.firstName);
      await form.locator(`#signer-${index}-lastName`).fill(signer.lastName);
      await form.locator(`#signer-${index}-email`).fill(signer.email);
      await form.locator(`#signer-${index}-position`).fill(String(index + 1));
    }
    await expect(page.getByTestId("order-minimum")).toHaveCount(2);
    // The first save's notice may still be showing: wait for the signers themselves to be stored.
    const signersSaved = page.waitForResponse((r) => r.url().endsWith("/signers") && r.request().method() === "PUT");
    await page.getByTestId("prepare-save").click();
    expect((await signersSaved).ok()).toBe(true);
    await expect(page.getByText("Borrador guardado.").last()).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(draftUrl);
    await expect(form.locator("#draft-title")).toHaveValue(title);
    await expect(page.getByTestId("draft-file")).toHaveCount(1);
    await expect(page.locator('[data-testid="draft-file"][data-file="uno.pdf"]')).toBeVisible();
    await expect(page.getByTestId("signer-row")).toHaveCount(2);
    for (const [index, signer] of [first, second].entries()) {
      await expect(form.locator(`#signer-${index}-firstName`)).toHaveValue(signer.firstName);
      await expect(form.locator(`#signer-${index}-lastName`)).toHaveValue(signer.lastName);
      await expect(form.locator(`#signer-${index}-email`)).toHaveValue(signer.email);
      await expect(form.locator(`#signer-${index}-position`)).toHaveValue(String(index + 1));
    }

    await page.getByTestId("prepare-finish").click();
    const dialog = page.getByTestId("finish-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("finish-title")).toHaveText(title);
    await expect(dialog.getByTestId("finish-file")).toContainText("uno.pdf");
    await expect(dialog.getByTestId("finish-order")).toHaveCount(2);
    const signers = dialog.getByTestId("finish-signer");
    await expect(signers).toHaveCount(2);
    await expect(signers.nth(0)).toContainText(`${first.firstName} ${first.lastName}`);
    await expect(signers.nth(0)).toContainText(first.email);
    await expect(signers.nth(1)).toContainText(`${second.firstName} ${second.lastName}`);
    await expect(signers.nth(1)).toContainText(second.email);

    // Send: the first order is invited by e-mail through the worker; the second waits for it.
    await dialog.getByTestId("finish-confirm").click();
    await expect(page).toHaveURL(/\/signatures$/);
    await expect.poll(async () => (await mailsTo(first.email)).length, { timeout: 20_000 }).toBe(1);
    const [invitation] = await mailsTo(first.email);
    const link = /https?:\/\/[^\s]+\/sign\/([0-9a-f]{32})\/([0-9a-f]{32})/.exec(invitation ?? "");
    expect(link).not.toBeNull();
    expect(await mailsTo(second.email)).toHaveLength(0);
    // The personal link opens the signer's home page.
    await page.goto(`/sign/${link![1]}/${link![2]}`);
    await expect(page).toHaveURL(new RegExp(`/signature-process/home-page/${link![1]}/${link![2]}$`));
  });
});
