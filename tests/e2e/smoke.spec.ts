import { expect, test } from "@playwright/test";

test("an anonymous visitor of / is sent to sign in", async ({ page }) => {
  const response = await page.goto("/");

  expect(response?.ok()).toBe(true);
  await expect(page).toHaveURL(/\/signin(?:[/?#]|$)/);
});
