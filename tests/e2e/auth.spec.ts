import { expect, test } from "@playwright/test";
import { awaitTotpStepRoom, chooseLanguage, createDemoStaff, demo, idleOut, signIn, totpCode } from "./support/accounts";

test.describe("sign-in", () => {
  test("in Spanish by default: lands on the dashboard with the user, the organisation and a Spanish menu", async ({ page }) => {
    await page.goto("/signin");
    await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("header-user")).toHaveText("Olga Administradora");
    await expect(page.getByTestId("header-organization")).toHaveText("Notaría Demo S.L.");
    const menu = page.getByTestId("main-menu");
    await expect(menu.getByRole("link", { name: "Usuarios" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Informe de envíos" })).toHaveAttribute("href", "/report/Documentos/1/REPORT_ENVIO");
    await expect(page.getByTestId("dashboard-counts")).toContainText("Contactos");
  });

  test("in English once chosen, with errors in English too", async ({ page }) => {
    await page.goto("/signin");
    await chooseLanguage(page, "en-us");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await signIn(page, { email: demo.staff.email, password: "Not-The-Password-1!" });
    await expect(page.getByRole("alert").filter({ hasText: "Incorrect password." }).first()).toBeVisible();
    await signIn(page, demo.staff);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByTestId("main-menu").getByRole("link", { name: "Contacts" })).toBeVisible();
  });

  test.describe("before the page's scripts run", () => {
    // The server's HTML shows the form first; pressed then, the browser would send it itself as a GET: the password in
    // the address bar, the history and the access log. A context without JavaScript holds that moment still.
    test.use({ javaScriptEnabled: false });

    test("the sign-in button waits, and Enter in the password sends nothing", async ({ page }) => {
      await page.goto("/signin");
      await expect(page.getByTestId("signin-form").locator('button[type="submit"]')).toBeDisabled();
      const form = page.getByTestId("signin-form");
      await form.locator('input[name="username"]').fill(demo.staff.email);
      await form.locator('input[name="password"]').fill("Not-In-The-Address-1!");
      await form.locator('input[name="password"]').press("Enter");
      await page.waitForLoadState("load");
      expect(page.url()).not.toContain("Not-In-The-Address");
      expect(new URL(page.url()).pathname).toBe("/signin");
    });
  });

  test("checks the fields in the browser before calling the server", async ({ page }) => {
    await page.goto("/signin");
    await page.getByTestId("signin-form").locator('button[type="submit"]').click();
    await expect(page.getByText("El campo no puede estar vacío.")).toBeVisible();
    await expect(page.getByText("La contraseña no puede estar vacía.")).toBeVisible();
  });
});

test.describe("roles", () => {
  test("the menu follows the role and the server refuses pages the role lacks", async ({ page }) => {
    await page.goto("/signin");
    await signIn(page, demo.staff);
    await expect(page).toHaveURL(/\/dashboard$/);
    const menu = page.getByTestId("main-menu");
    await expect(menu.getByRole("link", { name: "Contactos" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Usuarios" })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Roles" })).toHaveCount(0);
    await page.goto("/users");
    await expect(page.getByTestId("forbidden")).toBeVisible();
  });

  test("the platform administrator sees the organisations", async ({ page }) => {
    await page.goto("/organization");
    await expect(page).toHaveURL(/\/signin\/_organization$/);
    await signIn(page, demo.platformAdmin);
    await expect(page).toHaveURL(/\/organization$/);
    await expect(page.getByTestId("main-menu").getByRole("link", { name: "Organizaciones" })).toBeVisible();
    // Every organisation of the installation, the demo ones among them.
    await expect(page.getByTestId("organizations-new")).toBeVisible();
    await expect(page.getByText("Otra Organización S.A.").first()).toBeVisible();
    await expect(page.getByTestId("planned-screen")).toHaveCount(0);
  });
});

test.describe("sessions", () => {
  test("an expired session goes to /signin/{path} with the reason, and back to the page after signing in", async ({ page }) => {
    const user = await createDemoStaff();
    await page.goto("/signin");
    await signIn(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await idleOut(user.email);
    await page.goto("/contacts");
    await expect(page).toHaveURL(/\/signin\/_contacts\?reason=SESSION_EXPIRED_INACTIVITY$/);
    await expect(page.getByText("Sesión expirada por inactividad.")).toBeVisible();
    await signIn(page, user);
    await expect(page).toHaveURL(/\/contacts$/);
  });

  test("signing out ends the session on the server and in the browser", async ({ page }) => {
    const user = await createDemoStaff();
    await page.goto("/signin");
    await signIn(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByTestId("logoff").click();
    await expect(page).toHaveURL(/\/signin\?reason=LOGGED_OUT$/);
    await expect(page.getByText("Ha cerrado la sesión.")).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/signin\/_dashboard$/);
  });

  test("a forced password change comes first, then the portal", async ({ page }) => {
    const user = await createDemoStaff({ changePassword: true });
    await page.goto("/signin");
    await signIn(page, user);
    await expect(page).toHaveURL(/\/ChangePass$/);
    await expect(page.getByText("Debe cambiar su contraseña antes de continuar.")).toBeVisible();
    // The portal stays closed until the password changes.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/ChangePass$/);
    const form = page.getByTestId("change-password-form");
    await form.locator('input[name="oldPassword"]').fill(user.password);
    await form.locator('input[name="password"]').fill("Cambiada-Ya-2026!");
    await form.locator('input[name="confirmPassword"]').fill("Cambiada-Ya-2026!");
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByTestId("logoff").click();
    await expect(page).toHaveURL(/\/signin/);
    await signIn(page, { email: user.email, password: "Cambiada-Ya-2026!" });
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe("MFA", () => {
  test("activate an authenticator app in the profile, then sign in with its code", async ({ page }) => {
    const user = await createDemoStaff();
    await page.goto("/signin");
    await signIn(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/profile");
    await page.locator('[data-method="TOTP"]').getByRole("button", { name: "Activar" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    // The previous step's code: still accepted, and leaves the current one for the sign-in below.
    await awaitTotpStepRoom();
    await page.getByTestId("mfa-activation").locator('input[name="activation-code"]').fill(totpCode(secret, -1));
    await page.getByTestId("mfa-activation").getByRole("button", { name: "Confirmar" }).click();
    await expect(page.locator('[data-method="TOTP"]')).toContainText("Activo");

    // The "Método activado." notice sits over the header's top right, where "Cerrar sesión" is, and stays while the
    // pointer is on it: the person waits for it to go, the pointer elsewhere.
    await page.mouse.move(10, 450);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
    await page.getByTestId("logoff").click();
    await expect(page).toHaveURL(/\/signin/);
    await signIn(page, user);
    await expect(page).toHaveURL(/\/securityCheck$/);
    await expect(page.getByText("Introduzca el código que muestra su aplicación de autenticación.")).toBeVisible();
    await page.getByTestId("security-check").locator('input[name="code"]').fill("000000");
    await page.getByTestId("security-check").getByRole("button", { name: "Verificar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "El código no coincide." }).first()).toBeVisible();
    await page.getByTestId("security-check").locator('input[name="code"]').fill(totpCode(secret));
    await page.getByTestId("security-check").getByRole("button", { name: "Verificar" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe("failure notices (spec §8)", () => {
  test("a failed config load shows the generic 'Error' notice and the portal keeps working", async ({ page }) => {
    await page.route("**/api/configs/search/findOneByName*", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ errorCode: "SERVER_ERROR", message: "x" }) }),
    );
    await page.goto("/signin");
    await signIn(page, demo.staff);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: /^Error$/ })).toBeVisible();
    await expect(page.getByTestId("dashboard-counts")).toBeVisible();
  });

  test("a server error shows the spec's message and reloads the page after 4 s", async ({ page }) => {
    await page.route("**/api/authenticate", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({
          errorCode: "SERVER_ERROR",
          message: "Ocurrió un error con nuestros servidores. No se preocupe, mántengase en línea.",
        }),
      }),
    );
    await page.goto("/signin");
    await signIn(page, demo.staff);
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Ocurrió un error con nuestros servidores" })).toBeVisible();
    const started = Date.now();
    await page.waitForEvent("load", { timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThan(2_500);
  });
});
