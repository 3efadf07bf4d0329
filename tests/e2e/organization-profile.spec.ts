import { expect, test } from "@playwright/test";
import sharp from "sharp";
import "./support/load-env";
import { demo, signIn } from "./support/accounts";
import { setPasswordFromInvitation } from "./support/mail";
import { db } from "@/lib/db/client";
import { createTestOrganization, createTestUser, testPassword } from "../support/fixtures";
import { createSentShipment } from "../support/signing";

test.describe("organisation profile (/info-organization)", () => {
  test.use({ locale: "es-ES", viewport: { width: 1280, height: 900 } });

  test("an organisation administrator changes the colours and sees them on the portal and on a signer's link page", async ({ page }) => {
    // An organisation of its own, so no other test sees its colours.
    const org = await createTestOrganization();
    const admin = await createTestUser(org);

    await page.goto("/info-organization");
    await expect(page).toHaveURL(/\/signin\/_info-organization$/);
    await signIn(page, { email: admin.email, password: testPassword });
    await expect(page).toHaveURL(/\/info-organization$/);
    await expect(page.getByRole("heading", { name: "Información de la organización" })).toBeVisible();

    const form = page.getByTestId("organization-profile-form");
    // The spec's green gradient until the organisation chooses its own.
    await expect(form.locator('input[name="primaryColor"]')).toHaveValue("#0f766e");
    await expect(form.locator('input[name="secondaryColor"]')).toHaveValue("#14b8a6");
    await expect(page.getByTestId("seal-certificate")).toContainText("La organización sella con el certificado de la plataforma.");

    // The browser checks the same rule as the server, next to the field.
    await form.locator('input[name="primaryColor"]').fill("morado");
    await page.getByTestId("save-profile").click();
    await expect(form.getByText("El color no es válido")).toBeVisible();

    await form.locator('input[name="primaryColor"]').fill("#7c3aed");
    await form.locator('input[name="secondaryColor"]').fill("#f59e0b");
    await expect(page.getByTestId("colour-preview")).toHaveCSS("background-image", /rgb\(124, 58, 237\).*rgb\(245, 158, 11\)/);
    await page.getByTestId("save-profile").click();
    await expect(page.getByText("Perfil guardado.")).toBeVisible();

    // The portal itself takes them: its menu's gradient and its primary buttons.
    const shell = page.locator("[data-brand-primary]");
    await expect(shell).toHaveAttribute("data-brand-primary", "#7c3aed");
    await expect(page.locator("aside")).toHaveCSS("background-image", /rgb\(124, 58, 237\).*rgb\(245, 158, 11\)/);
    await page.mouse.move(0, 0);
    await expect(page.getByTestId("save-profile")).toHaveCSS("background-color", "rgb(124, 58, 237)");

    // A signer of one of its shipments sees them on the link's pages.
    const { signers } = await createSentShipment(org.organization.id, { signers: [{}] });
    const signer = signers[0]!;
    await page.context().clearCookies();
    await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
    await expect(page).toHaveURL(new RegExp(`/signature-process/home-page/${signer.secret}/${signer.hexId}$`));
    await expect(page.getByTestId("organization-name")).toHaveText(org.organization.name);
    await expect(page.locator("header").first()).toHaveCSS("border-top-color", "rgb(124, 58, 237)");
    await expect(page.getByTestId("start-process")).toHaveCSS("background-color", "rgb(124, 58, 237)");
  });

  test("a platform administrator creates an organisation and its administrator, who signs in and brands the signer's pages", async ({
    page,
    browser,
  }) => {
    const suffix = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
    const name = `Gestoría ${suffix}`;
    const email = `admin-${suffix}@gestoria.test`;
    const password = "Gestoria-Nueva-2026!";

    // The platform administrator creates the organisation...
    await page.goto("/organization");
    await signIn(page, demo.platformAdmin);
    await expect(page).toHaveURL(/\/organization$/, { timeout: 30_000 });
    await page.getByTestId("organizations-new").click();
    const orgForm = page.getByTestId("organization-form");
    await orgForm.locator('input[name="name"]').fill(name);
    await orgForm.locator('input[name="country"]').fill("ES");
    await orgForm.locator('input[name="timezone"]').fill("Europe/Madrid");
    await page.getByTestId("organization-form-submit").click();
    await expect(page.getByText("Organización guardada.")).toBeVisible();
    await page.getByTestId("organizations-search").fill(suffix);
    const row = page.getByTestId("organization-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(name);
    await expect(page.getByTestId("organizations-total")).toHaveText("1 organización");

    // ...and, from its row, invites its administrator on /managers.
    await row.getByTestId("organization-managers-link").click();
    await expect(page).toHaveURL(/\/managers\?organization=[0-9a-f]{32}$/);
    await expect(page.getByTestId("managers-empty")).toHaveText("Esta organización todavía no tiene administradores.");
    await page.getByTestId("managers-new").click();
    const managerForm = page.getByTestId("manager-form");
    await managerForm.locator('input[name="firstName"]').fill("Lucía");
    await managerForm.locator('input[name="lastName"]').fill("Gestora");
    await managerForm.locator('input[name="email"]').fill(email);
    await managerForm.locator('input[name="cellPhone"]').fill(`+34 66 ${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`);
    await page.getByTestId("manager-form-submit").click();
    await expect(page.getByText(`Invitación enviada a ${email}.`)).toBeVisible();
    await expect(page.getByTestId("manager-row")).toContainText("Invitación pendiente");

    // The new administrator sets a password from the invitation and signs in to their own organisation.
    const adminContext = await browser.newContext({ locale: "es-ES", viewport: { width: 1280, height: 900 } });
    const adminPage = await adminContext.newPage();
    await setPasswordFromInvitation(adminPage, email, password);
    await signIn(adminPage, { email, password });
    await expect(adminPage.getByTestId("header-organization")).toHaveText(name, { timeout: 30_000 });

    // Brands it: colours and a logo.
    await adminPage.getByTestId("main-menu").getByRole("link", { name: "Organización", exact: true }).click();
    await expect(adminPage).toHaveURL(/\/info-organization$/);
    const form = adminPage.getByTestId("organization-profile-form");
    await form.locator('input[name="primaryColor"]').fill("#be123c");
    await form.locator('input[name="secondaryColor"]').fill("#fb7185");
    await adminPage.getByTestId("save-profile").click();
    await expect(adminPage.getByText("Perfil guardado.")).toBeVisible();
    const logo = await sharp({ create: { width: 200, height: 60, channels: 3, background: "#be123c" } })
      .png()
      .toBuffer();
    await adminPage.getByTestId("logo-input").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
    await expect(adminPage.getByText("Logotipo actualizado.")).toBeVisible();
    await adminContext.close();

    // A signer of one of its shipments sees the organisation's logo and colour on the link's pages.
    const organization = await db.organization.findFirstOrThrow({ where: { name } });
    const { signers } = await createSentShipment(organization.id, { signers: [{}] });
    const signer = signers[0]!;
    await page.context().clearCookies();
    await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
    await expect(page).toHaveURL(new RegExp(`/signature-process/home-page/${signer.secret}/${signer.hexId}$`));
    await expect(page.getByTestId("organization-name")).toHaveText(name);
    const shown = page.getByTestId("signer-logo");
    await expect(shown).toHaveAttribute("src", `/api/organizations/${organization.hexId}/logo`);
    // The uploaded picture (200 × 60), not Rúbrica's default (256 × 256).
    await expect
      .poll(() => shown.evaluate((img: HTMLImageElement) => (img.complete ? `${img.naturalWidth}x${img.naturalHeight}` : "loading")))
      .toBe("200x60");
    await expect(page.locator("header").first()).toHaveCSS("border-top-color", "rgb(190, 18, 60)");
    await expect(page.getByTestId("start-process")).toHaveCSS("background-color", "rgb(190, 18, 60)");
  });
});
