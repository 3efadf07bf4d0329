import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { demo, signIn } from "./support/accounts";
import { phone as phoneContext, submitPin } from "./support/validation-links";

test.describe("validation links", () => {
  test.use({ locale: "es-ES", viewport: { width: 1280, height: 900 } });

  test("staff create a link and download its QR code; a visitor on a phone enters a wrong PIN, then the right one, and reaches the process's first page", async ({
    page,
    browser,
  }) => {
    await page.goto("/validations");
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/validations$/);

    const description = `Validación E2E ${Date.now().toString(36)}`;
    await page.getByTestId("validations-new").click();
    const form = page.getByTestId("validation-form");
    await form.getByLabel("Descripción").fill(description);
    await form.getByLabel("PIN (4 dígitos)").fill("12");
    await page.getByTestId("validation-form-submit").click();
    await expect(form.getByRole("alert").filter({ hasText: "El PIN debe tener 4 dígitos." })).toBeVisible();
    await form.getByLabel("PIN (4 dígitos)").fill("2580");
    await form.getByLabel("Número máximo de usos").fill("5");
    await page.getByTestId("validation-form-submit").click();

    // A new link is handed out at once: its QR code opens, with the public address under it.
    const qr = page.getByTestId("validation-qr-dialog");
    await expect(qr.getByTestId("validation-qr-image")).toBeVisible();
    const url = (await qr.getByTestId("validation-qr-url").textContent()) ?? "";
    expect(url).toMatch(/\/loginvalidation\/[0-9a-f]{32}$/);
    const [png] = await Promise.all([page.waitForEvent("download"), qr.getByTestId("validation-qr-png").click()]);
    expect(png.suggestedFilename()).toMatch(/^validacion-[0-9a-f]{32}\.png$/);
    const bytes = readFileSync(await png.path());
    expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    await qr.getByRole("button", { name: "Cerrar", exact: true }).click();

    const row = page.locator(`[data-testid="validation-row"]`, { hasText: description });
    await expect(row.getByTestId("validation-state")).toHaveText("Activo");
    await expect(row.getByTestId("validation-uses")).toHaveText("0 de 5");

    const phone = await browser.newContext(phoneContext);
    const visitor = await phone.newPage();
    await visitor.goto(new URL(url).pathname);
    await expect(visitor.getByTestId("validation-link-description")).toHaveText(description);
    await expect(visitor.getByTestId("organization-name")).toHaveText("Notaría Demo S.L.");
    await submitPin(visitor, "1111");
    await expect(visitor.getByTestId("pin-error")).toHaveText("El PIN no es correcto. Intentos restantes: 4.");
    // A pasted PIN fills every box.
    await visitor.getByTestId("pin-digit-1").focus();
    await visitor.evaluate(() => {
      const data = new DataTransfer();
      data.setData("text", "2580");
      document.activeElement?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(visitor.getByTestId("pin-digit-4")).toHaveValue("0");
    await visitor.getByTestId("pin-submit").click();
    await expect(visitor).toHaveURL(/\/validation-process\/home-page\/[0-9a-f]{32}\/[0-9a-f]{32}$/);
    await phone.close();

    await page.reload();
    await expect(page.locator(`[data-testid="validation-row"]`, { hasText: description }).getByTestId("validation-uses")).toHaveText(
      "1 de 5",
    );
  });
});
