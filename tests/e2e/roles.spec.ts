import { expect, test } from "@playwright/test";
import "./support/load-env";
import { demo, signIn } from "./support/accounts";
import { db } from "@/lib/db/client";

test.describe("roles (/roles, /rolePrivileges/{rolId})", () => {
  test("an administrator creates a role with only CONTACTO view from the screens and sees it in the list with that privilege ticked", async ({
    page,
  }) => {
    const name = `Consulta contactos ${Date.now() % 1_000_000}`;

    await page.goto("/roles");
    await expect(page).toHaveURL(/\/signin\/_roles$/);
    await signIn(page, demo.orgAdmin);
    // Run alone, this is a cold server's first sign-in (password hash, first render): give it time.
    await expect(page).toHaveURL(/\/roles$/, { timeout: 30_000 });
    await expect(page.getByRole("heading", { name: "Roles", exact: true })).toBeVisible();
    // The organisation's default roles are listed, the administrator's with the users it holds.
    await expect(page.locator('[data-testid="role-row"][data-name="Administrador"]')).toBeVisible();

    const form = page.getByTestId("role-form");
    await expect(form.getByRole("button", { name: "Guardar" })).toBeEnabled();
    await form.locator('input[name="name"]').fill(name);
    await form.locator('input[name="description"]').fill("Solo ve los contactos");
    await form.getByRole("button", { name: "Guardar" }).click();

    // A new role grants nothing: the screen goes on to its privileges.
    await expect(page).toHaveURL(/\/rolePrivileges\/[0-9a-f]{32}$/);
    await expect(page.getByRole("heading", { name: `Privilegios del rol «${name}»` })).toBeVisible();
    const matrix = page.getByTestId("privilege-matrix");
    await expect(matrix.locator("input:checked")).toHaveCount(0);
    await matrix.getByRole("checkbox", { name: "Contactos: Ver", exact: true }).check();
    await page.getByTestId("privileges-save").click();
    await expect(page.getByText("Privilegios guardados.")).toBeVisible();

    await page.getByRole("link", { name: "Volver a roles" }).click();
    await expect(page).toHaveURL(/\/roles$/);
    const row = page.locator(`[data-testid="role-row"][data-name="${name}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId("role-privilege")).toHaveCount(1);
    await expect(row.getByTestId("role-privilege")).toHaveText("Contactos: Ver");

    // Opened again, the matrix has exactly that privilege ticked.
    await row.getByTestId("role-privileges-link").click();
    await expect(page).toHaveURL(/\/rolePrivileges\/[0-9a-f]{32}$/);
    await expect(matrix.locator("input:checked")).toHaveCount(1);
    await expect(matrix.locator('input[data-privilege="CONTACTO:VIEW"]')).toBeChecked();

    const role = await db.role.findFirstOrThrow({ where: { name }, include: { privileges: true } });
    expect(role.privileges.map((p) => [p.module, p.canView, p.canCreate, p.canUpdate, p.canDelete, p.canImport, p.canExport])).toEqual([
      ["CONTACTO", true, false, false, false, false, false],
    ]);

    // The same name again, in other letters' case, is a duplicate (spec §5).
    await page.goto("/roles");
    await form.locator('input[name="name"]').fill(name.toUpperCase());
    await form.getByRole("button", { name: "Guardar" }).click();
    await expect(form.getByText("Rol duplicado: ya existe un rol con ese nombre.")).toBeVisible();
  });

  test("an administrator creates a group, must pick a user to add one, and cannot delete it while in use", async ({ page }) => {
    const name = `Notarios ${Date.now() % 1_000_000}`;
    await page.goto("/groups");
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/groups$/, { timeout: 30_000 });
    await expect(page.getByRole("heading", { name: "Grupos", exact: true })).toBeVisible();

    const form = page.getByTestId("group-form");
    // The page hydrated (its form's button enabled) before typing: the server's HTML shows the form before React runs it.
    await expect(form.getByRole("button", { name: "Guardar" })).toBeEnabled();
    await form.locator('input[name="name"]').fill(name);
    await form.getByRole("button", { name: "Guardar" }).click();
    const row = page.locator(`[data-testid="group-row"][data-name="${name}"]`);
    await expect(row).toBeVisible();

    await row.getByTestId("group-members-open").click();
    const members = page.getByTestId("group-members");
    await members.getByRole("button", { name: "Añadir" }).click();
    await expect(members.getByText("Seleccione un usuario para añadirlo al grupo.")).toBeVisible();
    await members.locator('select[name="userHexId"]').selectOption({ index: 1 });
    await members.getByRole("button", { name: "Añadir" }).click();
    await expect(members.getByTestId("group-member")).toHaveCount(1);

    // In use: the delete button is disabled, and says why.
    const remove = row.getByRole("button", { name: "Eliminar" });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAttribute("title", "No se puede eliminar un grupo en uso: quite antes a sus miembros.");
    await members.getByRole("button", { name: "Quitar" }).click();
    await expect(members.getByTestId("group-member")).toHaveCount(0);
    await expect(remove).toBeEnabled();
    await remove.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Eliminar" }).click();
    await expect(row).toHaveCount(0);
  });
});
