import { expect, test } from "@playwright/test";
import "./support/load-env";
import { db } from "@/lib/db/client";
import { createSentShipment } from "../support/signing";
import { createDemoStaff, signIn } from "./support/accounts";

test.describe("portal details from acceptance", () => {
  test("a staff member opens their own pending document from /inbox and signs it through the signer pages", async ({ page }) => {
    const staff = await createDemoStaff();
    const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
    const { document, signers } = await createSentShipment(organization.id, { signers: [{}] });
    await db.signer.update({ where: { id: signers[0]!.id }, data: { email: staff.email } });

    await page.goto("/inbox");
    await signIn(page, staff);
    await expect(page).toHaveURL(/\/inbox$/);
    await page.getByTestId("inbox-open").filter({ hasText: document.title }).click();
    await expect(page).toHaveURL(new RegExp(`/docdetail/${document.hexId}/mySign$`));
    await expect(page.getByTestId("my-sign-document")).toContainText(document.title);
    await page.getByTestId("my-sign-start").click();
    await expect(page).toHaveURL(new RegExp(`/signature-process/home-page/[0-9a-f]{32}/${signers[0]!.hexId}$`));
    expect((await db.signer.findUniqueOrThrow({ where: { id: signers[0]!.id } })).status).toBe("IN_PROGRESS");
  });

  test("someone else's document at /docdetail/{id}/mySign offers nothing to sign", async ({ page }) => {
    const staff = await createDemoStaff();
    const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
    const { document } = await createSentShipment(organization.id, { signers: [{}] });
    await page.goto(`/docdetail/${document.hexId}/mySign`);
    await signIn(page, staff);
    await expect(page.getByTestId("my-sign-none")).toBeVisible();
    await expect(page.getByTestId("my-sign-start")).toHaveCount(0);
  });

  test("the dashboard greets without a double full stop after an organisation name ending in one, and /favicon.ico is the logo", async ({
    page,
    request,
  }) => {
    const staff = await createDemoStaff();
    await page.goto("/dashboard");
    await signIn(page, staff);
    await expect(page).toHaveURL(/\/dashboard$/);
    const greeting = page.getByText(/^Hola, .* Resumen de Notaría Demo S\.L\.+$/);
    await expect(greeting).toHaveText(`Hola, ${staff.firstName}. Resumen de Notaría Demo S.L.`);
    const icon = await request.get("/favicon.ico");
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  });
});
