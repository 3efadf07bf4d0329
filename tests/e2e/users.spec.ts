import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { demo, signIn } from "./support/accounts";
import { e2eMailDir } from "./global-setup";

/** The texts of the mails the SMTP sink received for one address so far. */
async function mailsTo(address: string): Promise<string[]> {
  const files = (await readdir(e2eMailDir)).filter((f) => f.endsWith(`${address}.json`));
  return Promise.all(files.map(async (f) => (JSON.parse(await readFile(path.join(e2eMailDir, f), "utf8")) as { text: string }).text));
}

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
    await expect.poll(async () => (await mailsTo(email)).some((text) => text.includes(`/SetPass/${userHexId}?code=`))).toBe(true);

    await row.getByTestId("user-disable-button").click();
    const confirm = page.getByTestId("user-confirm-dialog");
    await expect(confirm).toContainText(`Elena ${lastName}`);
    await confirm.getByTestId("user-confirm").click();
    await expect(page.getByText("Usuario deshabilitado.")).toBeVisible();
    await expect(row.getByTestId("user-status")).toContainText("Deshabilitado");
    await expect(row.getByTestId("user-enable-button")).toBeVisible();
    await expect(row.getByTestId("user-disable-button")).toHaveCount(0);
  });
});
