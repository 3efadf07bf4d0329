import { expect, test } from "@playwright/test";
import { chooseLanguage, demo, signIn } from "./support/accounts";

const keyShape = /^rbk_[A-Za-z0-9_-]{43}$/;

test.describe("API keys", () => {
  test("the organisation administrator creates a key, sees it once, and the list shows it without the secret", async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/signin");
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto("/api-management/new");
    const form = page.getByTestId("api-key-form");
    await form.locator('button[type="submit"]').click();
    await expect(page.getByText("Algunos datos se encuentran vacios, complete el formulario.").first()).toBeVisible();

    const name = `ERP ${Date.now()}`;
    await form.locator('input[name="name"]').fill(name);
    await form.locator('input[name="description"]').fill("Facturación nocturna");
    await form.locator('select[name="roleHexId"]').selectOption({ label: "Operador" });
    await form.locator('button[type="submit"]').click();

    const secretField = page.getByTestId("api-key-secret");
    await expect(secretField).toHaveValue(keyShape);
    const secret = await secretField.inputValue();

    await page.getByTestId("api-key-copy").click();
    await expect(page.getByText("Clave copiada.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    // Spec §8 "API key copy error": the clipboard refuses, the key stays on screen to copy by hand.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error("denied"));
    });
    await page.getByTestId("api-key-copy").click();
    await expect(page.getByText("No se pudo copiar la clave del API.")).toBeVisible();
    await expect(secretField).toHaveValue(secret);

    await page.getByTestId("api-key-secret-done").click();
    await expect(page).toHaveURL(/\/api-management\/[0-9a-f]{32}$/);
    await expect(page.getByTestId("api-key-prefix")).toHaveText(`${secret.slice(0, 12)}…`);
    expect(await page.content()).not.toContain(secret.slice(12));

    await page.goto("/apisadhoc");
    const row = page.getByTestId("api-key-row").filter({ hasText: name });
    await expect(row).toContainText(`${secret.slice(0, 12)}…`);
    await expect(row).toContainText("Operador");
    await expect(row).toContainText("Habilitada");
    expect(await page.content()).not.toContain(secret.slice(12));

    const withKey = await request.get("/api/configs/search/findOneByName?configName=default_page_size", {
      headers: { "x-api-key": secret },
    });
    expect(withKey.status()).toBe(200);
    const logs = await request.get("/api/data/operationLogs", { headers: { authorization: `Bearer ${secret}` } });
    expect(logs.status()).toBe(403);
  });

  test("a repeated name is refused with the spec's message, in English once chosen", async ({ page }) => {
    await page.goto("/signin");
    await chooseLanguage(page, "en-us");
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/dashboard$/);
    const name = `CRM ${Date.now()}`;
    for (const attempt of [1, 2]) {
      await page.goto("/api-management/new");
      const form = page.getByTestId("api-key-form");
      await form.locator('input[name="name"]').fill(name);
      await form.locator('select[name="roleHexId"]').selectOption({ label: "Operador" });
      await form.locator('button[type="submit"]').click();
      if (attempt === 1) await expect(page.getByTestId("api-key-secret")).toHaveValue(keyShape);
    }
    await expect(page.getByText("The API name already exists in another record.").first()).toBeVisible();
  });

  test("staff without ORGANIZACION:UPDATE cannot open API management", async ({ page }) => {
    await page.goto("/signin");
    await signIn(page, demo.staff);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/apisadhoc");
    await expect(page.getByTestId("forbidden")).toBeVisible();
    await page.goto("/api-management/new");
    await expect(page.getByTestId("forbidden")).toBeVisible();
  });
});
