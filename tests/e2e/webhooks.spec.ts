import { expect, test } from "@playwright/test";
import { demo, signIn } from "./support/accounts";

test.describe("Webhooks", () => {
  test("the administrator creates an endpoint (secret shown once), sends a test, sees its delivery, edits and rotates it, and reveals the callback secret once", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/signin");
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto("/apisadhoc");
    await page.getByTestId("webhooks-link").click();
    await expect(page).toHaveURL(/\/api-management\/webhooks$/);

    await page.getByTestId("webhook-new").click();
    const form = page.getByTestId("webhook-form");
    const url = `https://hooks.example.test/${Date.now()}`;
    await form.locator('input[name="url"]').fill(url);
    await form.locator('input[value="document.sent"]').check();
    await form.locator('input[value="document.sealed"]').check();
    await form.locator('button[type="submit"]').click();

    const secretField = page.getByTestId("webhook-secret");
    await expect(secretField).toHaveValue(/^whsec_[0-9a-f]{64}$/);
    const secret = await secretField.inputValue();
    await page.getByTestId("webhook-secret-copy").click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.getByRole("button", { name: "Ya lo he guardado" }).click();
    await expect(page.getByTestId("webhook-secret")).toHaveCount(0);

    const row = page.getByTestId("webhook-row").filter({ hasText: url });
    await expect(row).toContainText("document.sent, document.sealed");
    await expect(row).toContainText("Activo");
    expect(await page.content()).not.toContain(secret);

    await row.getByTestId("webhook-test").click();
    await expect(page.getByTestId("webhook-delivery-row").first()).toContainText("webhook.test");

    await row.getByTestId("webhook-edit").click();
    await form.locator('input[value="document.sent"]').uncheck();
    await form.locator('input[name="active"]').uncheck();
    await form.locator('button[type="submit"]').click();
    await expect(row).toContainText("Inactivo");
    await expect(row).not.toContainText("document.sent");

    await row.getByTestId("webhook-rotate").click();
    await page.getByTestId("webhook-rotate-confirm").click();
    await expect(page.getByTestId("webhook-secret")).toHaveValue(/^whsec_[0-9a-f]{64}$/);
    expect(await page.getByTestId("webhook-secret").inputValue()).not.toBe(secret);
    await page.getByRole("button", { name: "Ya lo he guardado" }).click();

    await page.getByTestId("callback-secret-reveal").click();
    await expect(page.getByTestId("webhook-secret")).toHaveValue(/^whsec_[0-9a-f]{64}$/);
    await expect(page.getByTestId("callback-secret-reveal")).toHaveCount(0);

    await row.getByTestId("webhook-delete").click();
    await page.getByTestId("webhook-delete-confirm").click();
    await expect(page.getByTestId("webhook-row").filter({ hasText: url })).toHaveCount(0);
  });
});
