import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { expect, test } from "@playwright/test";
import "./support/load-env";
import { db } from "@/lib/db/client";
import { randomHex } from "@/lib/security/random";
import { demo, signIn } from "./support/accounts";

test.describe("operations list (/trading-history)", () => {
  test("the organisation administrator finds an operation by event, filters by module and downloads it as Excel and PDF", async ({
    page,
  }) => {
    const event = `E2E_OPERACION_${randomHex(4).toUpperCase()}`;
    const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
    const admin = await db.user.findUniqueOrThrow({ where: { email: demo.orgAdmin.email } });
    await db.operationLog.create({
      data: {
        moduleId: "CONTACTO",
        eventUserId: admin.id,
        operationEventId: event,
        detail: `ip=-; userId=${admin.id}; recordId=-; action=${event}`,
        organizationId: organization.id,
      },
    });

    await page.goto("/trading-history");
    await expect(page).toHaveURL(/\/signin\/_trading-history$/);
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/trading-history$/);
    await expect(page.getByRole("heading", { name: "Historial de operaciones" })).toBeVisible();

    await page.getByTestId("operations-search").fill(event.toLowerCase());
    const rows = page.getByTestId("operation-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(event);
    await expect(rows.first()).toContainText("Contactos");
    await expect(rows.first().getByTestId("operation-user")).toContainText(demo.orgAdmin.email);
    await expect(page.getByTestId("operations-total")).toHaveText("1 operación");

    await page.getByTestId("operations-module").selectOption("DOCUMENTO");
    await expect(page.getByTestId("operations-empty")).toHaveText("Ninguna operación coincide con los filtros.");
    await page.getByTestId("operations-module").selectOption("CONTACTO");
    await expect(rows).toHaveCount(1);

    const [excel] = await Promise.all([page.waitForEvent("download"), page.getByTestId("operations-export-xlsx").click()]);
    expect(excel.suggestedFilename()).toMatch(/^operations-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await excel.path()).buffer as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).text).toBe("Fecha y hora");
    expect(sheet.getRow(2).getCell(3).text).toBe(event);
    expect(sheet.rowCount).toBe(2);

    const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByTestId("operations-export-pdf").click()]);
    expect(pdf.suggestedFilename()).toMatch(/^operations-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  test("a start date after the end date is pointed out and not searched", async ({ page }) => {
    await page.goto("/trading-history");
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/trading-history$/);
    await page.getByTestId("operations-from").fill("2025-03-10");
    await page.getByTestId("operations-to").fill("2025-03-01");
    await expect(page.getByRole("alert").filter({ hasText: "La fecha de inicio no puede ser posterior a la fecha de fin." })).toBeVisible();
    await expect(page.getByTestId("operations-export-xlsx")).toBeDisabled();
  });

  test("the operator role sees the list but no export buttons", async ({ page }) => {
    await page.goto("/signin");
    await signIn(page, demo.staff);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/trading-history");
    await expect(page.getByTestId("operations-table")).toBeVisible();
    await expect(page.getByTestId("operations-export-xlsx")).toHaveCount(0);
    await expect(page.getByTestId("operations-export-pdf")).toHaveCount(0);
  });
});
