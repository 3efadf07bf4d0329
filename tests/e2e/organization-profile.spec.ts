import { expect, test } from "@playwright/test";
import "./support/load-env";
import { signIn } from "./support/accounts";
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
});
