import { PDFDocument } from "@cantoo/pdf-lib";
import { expect, test } from "@playwright/test";
import { demo, signIn } from "./support/accounts";

function uniqueLetters(length = 8): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
}

async function onePagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  return Buffer.from(await pdf.save());
}

/** A YYYY-MM-DD some days ahead. */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const header = "envío;título;descripción;fechaExpiración;archivo;orden;nombre;apellidos;correo";

test.describe("batch import (/batchImport)", () => {
  test("the organisation administrator previews a file with a bad row, fixes it, imports the shipments as drafts and opens one", async ({
    page,
  }) => {
    const suffix = uniqueLetters();
    const title = `Lote ${suffix}`;
    const rows = (secondEmail: string) =>
      [
        header,
        `1;${title} uno;Contrato del lote;${dayAhead(10)};lote.pdf;1;Ana;Lote;ana.${suffix}@firmantes.test`,
        `2;${title} dos;Contrato del lote;${dayAhead(10)};lote.pdf;1;Bruno;Lote;${secondEmail}`,
      ].join("\n");

    await page.goto("/batchImport");
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/batchImport$/);
    await expect(page.getByTestId("batch-template-xlsx")).toBeVisible();

    await page.getByTestId("batch-pdf-input").setInputFiles({ name: "lote.pdf", mimeType: "application/pdf", buffer: await onePagePdf() });
    await page
      .getByTestId("batch-sheet-input")
      .setInputFiles({ name: "lote.csv", mimeType: "text/csv", buffer: Buffer.from(rows("bruno@@firmantes"), "utf8") });

    const badRow = page.locator('[data-testid="batch-row"][data-row="3"]');
    await expect(badRow).toHaveAttribute("data-invalid", "true");
    await expect(badRow.getByTestId("batch-row-error")).toContainText("El correo electrónico no es válido.");
    await expect(page.getByTestId("batch-import-drafts")).toBeDisabled();

    await page.getByTestId("batch-sheet-input").setInputFiles({
      name: "lote-corregido.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(rows(`bruno.${suffix}@firmantes.test`), "utf8"),
    });
    await expect(page.locator('[data-testid="batch-row"][data-row="3"]')).toHaveAttribute("data-invalid", "false");
    await expect(page.getByTestId("batch-shipment")).toHaveCount(2);

    await page.getByTestId("batch-import-drafts").click();
    await expect(page.getByTestId("batch-result")).toContainText("Se han creado 2 envíos como borradores.");
    await expect(page.getByTestId("batch-result-link")).toHaveCount(2);

    await page.getByTestId("batch-result-link").first().click();
    await expect(page).toHaveURL(/\/docdetail\/[0-9a-f]{32}$/);
    await expect(page.getByText(`${title} uno`).first()).toBeVisible();
  });

  test("the operator role, without the import privilege, is refused the page", async ({ page }) => {
    await page.goto("/signin");
    await signIn(page, demo.staff);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/batchImport");
    await expect(page.getByTestId("forbidden")).toBeVisible();
  });
});
