import { expect, test } from "@playwright/test";
import { demo, signIn } from "./support/accounts";
import { mailsTo, setPasswordFromInvitation } from "./support/mail";

// Letters only: person names refuse digits, and each run needs a last name no earlier run used.
function uniqueLetters(length = 8): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
}

test.describe("users (/users)", () => {
  test("the organisation administrator invites a user, sees the invitation in the list, and disables them", async ({ page }) => {
    const lastName = `Invitada${uniqueLetters()}`;
    const email = `${lastName.toLowerCase()}@usuarios.test`;
    const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");

    await page.goto("/users");
    await expect(page).toHaveURL(/\/signin\/_users$/);
    await signIn(page, demo.orgAdmin);
    // The first sign-in on a freshly started server also compiles and warms the password hash: give it time.
    await expect(page).toHaveURL(/\/users$/, { timeout: 30_000 });
    await expect(page.getByRole("heading", { name: "Usuarios" })).toBeVisible();
    await expect(page.getByTestId("planned-screen")).toHaveCount(0);

    await page.getByTestId("users-new").click();
    const form = page.getByTestId("user-form");
    await form.locator('input[name="firstName"]').fill("Elena");
    await form.locator('input[name="lastName"]').fill(lastName);
    await form.locator('input[name="email"]').fill("no-es-un-correo");
    await form.getByTestId("user-form-submit").click();
    // The browser checks the same rules as the server, next to the field.
    await expect(form.getByText("El correo electrónico no es válido.")).toBeVisible();
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="cellPhone"]').fill(`+34 64 ${digits}`);
    await form.locator('select[name="roleHexId"]').selectOption({ label: "Operador" });
    await form.getByTestId("user-form-submit").click();
    await expect(page.getByText("Invitación enviada.")).toBeVisible();
    await expect(page.getByTestId("user-form-dialog")).toHaveCount(0);

    await page.getByTestId("users-search").fill(lastName);
    const rows = page.getByTestId("user-row");
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row).toContainText(email);
    await expect(row).toContainText("Operador");
    await expect(row.getByTestId("user-status")).toContainText("Invitación pendiente");
    await expect(row.getByTestId("user-status")).toContainText("Activo");

    // The invitation mail carries the /SetPass link for this user.
    const userHexId = await row.getAttribute("data-user");
    // The row keeps to one line: its edit button and its "⋯" menu sit side by side.
    const [edit, more] = await Promise.all([
      row.getByTestId("user-edit-button").boundingBox(),
      row.getByTestId("user-actions").boundingBox(),
    ]);
    expect(Math.abs(edit!.y - more!.y)).toBeLessThan(4);
    await expect.poll(async () => (await mailsTo(email)).some((text) => text.includes(`/SetPass/${userHexId}?code=`))).toBe(true);

    // The row keeps to one line: editing, and the other actions behind its "⋯" menu.
    await row.getByTestId("user-actions").click();
    await page.getByTestId("user-disable-button").click();
    const confirm = page.getByTestId("user-confirm-dialog");
    await expect(confirm).toContainText(`Elena ${lastName}`);
    await confirm.getByTestId("user-confirm").click();
    await expect(page.getByText("Usuario deshabilitado.")).toBeVisible();
    await expect(row.getByTestId("user-status")).toContainText("Deshabilitado");
    await row.getByTestId("user-actions").click();
    await expect(page.getByTestId("user-enable-button")).toBeVisible();
    await expect(page.getByTestId("user-disable-button")).toHaveCount(0);
  });

  test("a role that only views contacts: its user reaches nothing else, on the pages or the API, and is shut out once disabled", async ({
    page,
    browser,
  }) => {
    const letters = uniqueLetters();
    const roleName = `Solo contactos ${letters}`;
    const lastName = `Consulta${letters}`;
    const email = `${lastName.toLowerCase()}@usuarios.test`;
    const password = "Solo-Contactos-2026!";

    // The administrator makes the role: a new role grants nothing until its privileges are ticked.
    await page.goto("/roles");
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/roles$/, { timeout: 30_000 });
    const roleForm = page.getByTestId("role-form");
    await roleForm.locator('input[name="name"]').fill(roleName);
    await roleForm.getByRole("button", { name: "Guardar" }).click();
    await expect(page).toHaveURL(/\/rolePrivileges\/[0-9a-f]{32}$/);
    await page.getByTestId("privilege-matrix").getByRole("checkbox", { name: "Contactos: Ver", exact: true }).check();
    await page.getByTestId("privileges-save").click();
    await expect(page.getByText("Privilegios guardados.")).toBeVisible();

    // ...and invites a user with it.
    await page.goto("/users");
    await page.getByTestId("users-new").click();
    const form = page.getByTestId("user-form");
    await form.locator('input[name="firstName"]').fill("Carla");
    await form.locator('input[name="lastName"]').fill(lastName);
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="cellPhone"]').fill(`+34 65 ${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`);
    await form.locator('select[name="roleHexId"]').selectOption({ label: roleName });
    await form.getByTestId("user-form-submit").click();
    await expect(page.getByText("Invitación enviada.")).toBeVisible();

    // The user, in a browser of their own, chooses a password from the mailed link and signs in.
    const userContext = await browser.newContext({ locale: "es-ES" });
    const userPage = await userContext.newPage();
    await setPasswordFromInvitation(userPage, email, password);
    await signIn(userPage, { email, password });
    // Contacts is where a contacts-only role lands; the menu offers it and nothing else but the panel and the manual,
    // which every signed-in user has.
    await expect(userPage).toHaveURL(/\/contacts$/, { timeout: 30_000 });
    await expect(userPage.getByRole("heading", { name: "Contactos", exact: true })).toBeVisible();
    const menu = userPage.getByTestId("main-menu");
    await expect(menu.getByRole("link")).toHaveCount(3);
    expect(await menu.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      "/dashboard",
      "/contacts",
      "/manual",
    ]);
    // The view privilege does not bring the buttons that change contacts.
    await expect(userPage.getByRole("button", { name: /Nuevo contacto|Importar/ })).toHaveCount(0);

    // Elsewhere the server refuses: the page is the forbidden page, and the API answers 403 to the same session.
    const refused = await userPage.goto("/users");
    expect(refused?.status()).toBe(403);
    await expect(userPage.getByTestId("forbidden")).toBeVisible();
    await expect(userPage.getByTestId("user-row")).toHaveCount(0);
    const status = (path: string) => userPage.evaluate(async (url) => (await fetch(url)).status, path);
    expect(await status("/api/users")).toBe(403);
    expect(await status("/api/roles")).toBe(403);
    expect(await status("/api/contacts")).toBe(200);

    // The administrator disables the user while their session is open.
    await page.getByTestId("users-search").fill(lastName);
    const row = page.getByTestId("user-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(roleName);
    await row.getByTestId("user-actions").click();
    await page.getByTestId("user-disable-button").click();
    await page.getByTestId("user-confirm-dialog").getByTestId("user-confirm").click();
    await expect(page.getByText("Usuario deshabilitado.")).toBeVisible();

    // That session stops working at once: the API refuses it and the next page is the sign-in, which refuses them too.
    expect(await status("/api/contacts")).toBe(401);
    await userPage.goto("/contacts");
    await expect(userPage).toHaveURL(/\/signin\/_contacts/);
    await signIn(userPage, { email, password });
    await expect(
      userPage.getByText("El usuario está deshabilitado. Contacte con el administrador de su organización.").first(),
    ).toBeVisible();
    await expect(userPage).toHaveURL(/\/signin/);
    await userContext.close();
  });
});
