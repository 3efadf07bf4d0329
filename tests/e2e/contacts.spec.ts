import { expect, test } from "@playwright/test";
import { demo, signIn } from "./support/accounts";

// Letters only: contact names refuse digits, and each run needs a last name no earlier run used.
function uniqueLetters(length = 8): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
}

test.describe("contacts (/contacts)", () => {
  test("the organisation administrator creates a contact, adds a channel, cannot delete the favourite, and finds it by search", async ({
    page,
  }) => {
    const lastName = `Prueba${uniqueLetters()}`;
    const email = `${lastName.toLowerCase()}@contactos.test`;
    const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");

    await page.goto("/contacts");
    await expect(page).toHaveURL(/\/signin\/_contacts$/);
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/contacts$/);
    await expect(page.getByRole("heading", { name: "Contactos" })).toBeVisible();

    await page.getByTestId("contacts-new").click();
    const form = page.getByTestId("contact-form");
    await form.locator('input[name="name"]').fill("Marta");
    await form.locator('input[name="lastName"]').fill(lastName);
    await form.locator('input[name="email"]').fill("no-es-un-correo");
    await form.getByRole("button", { name: "Guardar" }).click();
    // The browser checks the same rules as the server, next to the field.
    await expect(form.getByText("El correo electrónico no es válido.")).toBeVisible();
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="phone"]').fill(`+34 62 ${digits}`);
    await form.getByRole("button", { name: "Guardar" }).click();

    const view = page.getByTestId("contact-view");
    await expect(view.getByRole("heading", { name: `Marta ${lastName}` })).toBeVisible();
    // The organisation's country, by its name in the reader's language, not its code.
    await expect(view.locator("dd").first()).toHaveText("España");
    const channels = view.getByTestId("channel-row");
    await expect(channels).toHaveCount(2);
    await expect(view.locator(`[data-channel="${email}"]`).getByTestId("channel-favorite")).toBeVisible();

    const addForm = view.getByTestId("channel-add-form");
    await addForm.locator('select[name="type"]').selectOption("SMS");
    await addForm.locator('input[name="value"]').fill(`+34 63 ${digits}`);
    await addForm.getByRole("button", { name: "Añadir" }).click();
    await expect(channels).toHaveCount(3);
    await expect(view.locator(`[data-channel="+3463${digits}"]`)).toBeVisible();

    await view.locator(`[data-channel="${email}"]`).getByTestId("channel-delete").click();
    await expect(view.getByRole("alert").filter({ hasText: "No se puede eliminar el canal favorito." })).toBeVisible();
    await expect(channels).toHaveCount(3);

    await view.getByRole("button", { name: "Cerrar" }).last().click();
    await expect(view).toHaveCount(0);

    await page.getByTestId("contacts-search").fill(lastName.toUpperCase());
    const rows = page.getByTestId("contact-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(lastName);
    await expect(rows.first()).toContainText(email);
    await expect(page.getByTestId("contacts-total")).toHaveText("1 contacto");
  });

  test("the operator role sees no delete, import or export controls", async ({ page }) => {
    await page.goto("/signin");
    await signIn(page, demo.staff);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/contacts");
    await expect(page.getByTestId("contacts-new")).toBeVisible();
    await expect(page.getByTestId("contacts-import")).toHaveCount(0);
    await expect(page.getByTestId("contacts-export-xlsx")).toHaveCount(0);
    await expect(page.getByTestId("contact-delete-button")).toHaveCount(0);
  });
});
