import { expect, test } from "@playwright/test";
import "./support/load-env";
import { demo, signIn } from "./support/accounts";
import { createTestOrganization, createTestUser, testPassword } from "../support/fixtures";

test.describe("capture settings (/setting)", () => {
  test.use({ locale: "es-ES" });

  test("an organisation administrator reaches /setting from the menu, saves a value within bounds, and is told the bounds otherwise", async ({
    page,
  }) => {
    // An organisation of its own, so no other test sees its settings.
    const org = await createTestOrganization();
    const admin = await createTestUser(org);
    await page.goto("/dashboard");
    await signIn(page, { email: admin.email, password: testPassword });
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await page.getByTestId("main-menu").getByRole("link", { name: "Configuración", exact: true }).click();
    await expect(page).toHaveURL(/\/setting$/);
    await expect(page.getByRole("heading", { name: "Configuración", exact: true })).toBeVisible();

    const attempts = page.getByTestId("setting-max_capture_attempts");
    // Out of bounds (1 to 10): the spec's message, next to the field, and nothing saved.
    await attempts.fill("11");
    await page.getByTestId("settings-save").click();
    await expect(page.getByText("Alguna de las configuraciones tiene un valor inválido: debe estar entre 1 y 10.")).toBeVisible();
    await expect(attempts).toHaveAttribute("aria-invalid", "true");

    await attempts.fill("4");
    await page.getByTestId("settings-save").click();
    await expect(page.getByText("Configuración guardada.")).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("setting-max_capture_attempts")).toHaveValue("4");

    // The face checks are the platform's: shown read-only. The snippet is not shown at all.
    await expect(page.getByTestId("setting-face_match_threshold")).toBeDisabled();
    await expect(page.getByTestId("setting-snippet_html")).toHaveCount(0);
    await expect(page.getByTestId("setting-snippet_javascript")).toHaveCount(0);
    await expect(page.getByTestId("setting-snippet_active")).toHaveCount(0);
  });

  test("the platform administrator sees and may edit the snippet settings", async ({ page }) => {
    await page.goto("/setting");
    await signIn(page, demo.platformAdmin);
    await expect(page).toHaveURL(/\/setting$/, { timeout: 30_000 });
    await expect(page.getByTestId("setting-snippet_active")).toBeEnabled();
    await expect(page.getByTestId("setting-snippet_html")).toBeEnabled();
    await expect(page.getByTestId("setting-snippet_javascript")).toBeEnabled();
    await expect(page.getByTestId("setting-face_match_threshold")).toBeEnabled();
  });

  test("a user whose role cannot change the organisation has no /setting in the menu and is refused the page", async ({ page }) => {
    const org = await createTestOrganization();
    const operator = await createTestUser(org, { role: "operator" });
    await page.goto("/dashboard");
    await signIn(page, { email: operator.email, password: testPassword });
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await expect(page.getByTestId("main-menu").getByRole("link", { name: "Configuración", exact: true })).toHaveCount(0);
    const response = await page.goto("/setting");
    expect(response?.status()).toBe(403);
    await expect(page.getByTestId("forbidden")).toBeVisible();
  });
});
