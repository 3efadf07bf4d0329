import { expect, test } from "@playwright/test";
import { demo, signIn } from "./support/accounts";

test.describe("affiliations (/affiliation, /seeAfiliation/{hexId?})", () => {
  test.use({ locale: "es-ES" });

  test("the list is reached from the menu, explains when it fills in, searches through the address, and unknown details are not found", async ({
    page,
  }) => {
    await page.goto("/dashboard");
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await page.getByTestId("main-menu").getByRole("link", { name: "Afiliaciones", exact: true }).click();
    await expect(page).toHaveURL(/\/affiliation$/);
    await expect(page.getByRole("heading", { name: "Afiliaciones", exact: true })).toBeVisible();
    await expect(page.getByTestId("planned-screen")).toHaveCount(0);
    await expect(page.getByTestId("affiliations-empty")).toHaveText(
      "Todavía no hay personas afiliadas. Aparecerán aquí cuando alguien complete un enlace de validación de su organización.",
    );
    await expect(page.getByTestId("affiliations-total")).toHaveText("Ninguna afiliación");

    // The search travels in the address, so a reload or a shared link shows the same list.
    await page.getByTestId("affiliations-search").fill("García");
    await expect(page).toHaveURL(/\/affiliation\?search=Garc%C3%ADa$/);
    await expect(page.getByTestId("affiliations-empty")).toHaveText("Ninguna afiliación coincide con la búsqueda.");
    await page.reload();
    await expect(page.getByTestId("affiliations-search")).toHaveValue("García");

    // A detail that does not exist (or is another organisation's) is not found; without an id, the list.
    const missing = await page.goto("/seeAfiliation/0123456789abcdef0123456789abcdef");
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId("not-found")).toBeVisible();
    await page.goto("/seeAfiliation");
    await expect(page).toHaveURL(/\/affiliation$/);
  });
});
