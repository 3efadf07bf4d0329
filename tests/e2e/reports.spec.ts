import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { expect, test } from "@playwright/test";
import "./support/load-env";
import { db } from "@/lib/db/client";
import { randomHex } from "@/lib/security/random";
import { demo, signIn } from "./support/accounts";

test.describe("reports (/report/{item}/{id}/{type})", () => {
  test("the organisation administrator filters the shipments report, sees its charts drawn and downloads it as Excel", async ({ page }) => {
    const tag = `E2EINF${randomHex(3).toUpperCase()}`;
    const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
    const admin = await db.user.findUniqueOrThrow({ where: { email: demo.orgAdmin.email } });
    const now = Date.now();
    const document = await db.document.create({
      data: {
        organizationId: organization.id,
        senderId: admin.id,
        title: `Informe navegador ${tag}`,
        status: "COMPLETED",
        tags: [tag],
        sentAt: new Date(now - 3 * 3600_000),
        completedAt: new Date(now - 3600_000),
        signers: {
          create: [
            {
              firstName: "Lucía",
              lastName: "Rechaza",
              status: "REJECTED",
              rejectedAt: new Date(now - 1800_000),
              rejectionReason: `Motivo ${tag}`,
            },
            { firstName: "Pablo", lastName: "Firma", status: "COMPLETED", signedAt: new Date(now - 3600_000) },
          ],
        },
      },
    });

    await page.goto("/report/Documentos/1/REPORT_ENVIO");
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/report\/Documentos\/1\/REPORT_ENVIO$/);
    await expect(page.getByRole("heading", { name: "Informe de envíos" })).toBeVisible();

    await page.getByTestId("report-search").fill(tag.toLowerCase());
    const rows = page.getByTestId("report-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("data-document", document.hexId);
    await expect(rows.first()).toContainText("Completado");
    await expect(rows.first().getByTestId("report-signers")).toContainText("1/2");
    await expect(page.getByTestId("report-total")).toHaveText("1 envío");

    // The charts follow the filter: one shipment today, drawn as a bar, and its rejection with the reason.
    const perDay = page.getByTestId("chart-shipments-per-day");
    await expect(perDay.locator("svg.recharts-surface").first()).toBeVisible();
    await expect(perDay.locator(".recharts-bar-rectangle path")).toHaveCount(1);
    await expect(perDay.locator("table")).toContainText("Completado");
    await expect(page.getByTestId("chart-rejections")).toContainText(`Motivo ${tag} (1)`);
    await expect(page.getByTestId("chart-rejections").locator(".recharts-bar-rectangle path")).toHaveCount(1);

    await page.getByTestId("report-status").selectOption("REJECTED");
    await expect(page.getByTestId("report-empty")).toHaveText("Ninguna fila coincide con los filtros.");
    await expect(perDay.locator(".recharts-bar-rectangle path")).toHaveCount(0);
    await page.getByTestId("report-status").selectOption("COMPLETED");
    await expect(rows).toHaveCount(1);

    const [excel] = await Promise.all([page.waitForEvent("download"), page.getByTestId("report-export-xlsx").click()]);
    expect(excel.suggestedFilename()).toMatch(/^informe-envios-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await excel.path()).buffer as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).text).toBe("Envío");
    expect(sheet.getRow(2).getCell(1).text).toBe(`Informe navegador ${tag}`);
    expect(sheet.getRow(2).getCell(6).text).toBe("Completado");
    expect(sheet.rowCount).toBe(2);
  });

  test("the signatures report lists signers and the dashboard shows the charts", async ({ page }) => {
    await page.goto("/report/Firmas/2/REPORT_SIGNATURE");
    await signIn(page, demo.orgAdmin);
    await expect(page.getByRole("heading", { name: "Informe de firmas" })).toBeVisible();
    await expect(page.getByTestId("report-table")).toBeVisible();
    await expect(page.getByTestId("chart-identity-checks").locator("svg.recharts-surface").first()).toBeVisible();

    await page.goto("/dashboard");
    await expect(page.getByTestId("dashboard-counts")).toBeVisible();
    await expect(
      page.getByTestId("dashboard-charts").getByTestId("chart-shipments-per-day").locator("svg.recharts-surface").first(),
    ).toBeVisible();
  });

  test("an unknown report type is no page, and the operator role may not open reports nor sees the charts", async ({ page }) => {
    await page.goto("/signin");
    await signIn(page, demo.staff);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("dashboard-counts")).toBeVisible();
    await expect(page.getByTestId("dashboard-charts")).toHaveCount(0);
    await page.goto("/report/Documentos/1/REPORT_ENVIO");
    await expect(page.getByTestId("forbidden")).toBeVisible();

    await page.context().clearCookies();
    await page.goto("/signin");
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/dashboard$/);
    const response = await page.goto("/report/Documentos/1/REPORT_OTRO");
    expect(response?.status()).toBe(404);
  });
});
