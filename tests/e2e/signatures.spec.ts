import { expect, test } from "@playwright/test";
import { db } from "@/lib/db/client";
import { randomHex } from "@/lib/security/random";
import { demo, signIn } from "./support/accounts";

test.describe("shipments (/signatures, /docdetail)", () => {
  test("the organisation administrator finds a sent shipment, sees its pending signer and cancels it", async ({ page }) => {
    const title = `Contrato e2e ${randomHex(4)}`;
    // Preparing and sending a shipment through the screens is another spec's job; a sent one is enough here.
    const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
    const document = await db.document.create({
      data: {
        organizationId: organization.id,
        title,
        status: "SENT",
        sentAt: new Date(),
        expirationDate: new Date(Date.now() + 7 * 24 * 3600_000),
        orders: { create: { position: 1, minSigners: 1 } },
        signers: { create: { firstName: "Lucía", lastName: "Navegador", email: `firmante-${randomHex(4)}@demo.rubrica.local`, invitedAt: new Date() } },
      },
    });

    await page.goto("/signatures");
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/signatures$/);

    await page.getByTestId("signatures-search").fill(title);
    const row = page.locator(`[data-testid="document-row"][data-document="${document.hexId}"]`);
    await expect(page.getByTestId("document-row")).toHaveCount(1);
    await expect(row.getByTestId("document-status")).toHaveText("Enviado");
    await row.getByTestId("document-link").click();

    await expect(page).toHaveURL(new RegExp(`/docdetail/${document.hexId}$`));
    await expect(page.getByTestId("docdetail-title")).toHaveText(title);
    const signer = page.getByTestId("docdetail-signer");
    await expect(signer).toContainText("Lucía Navegador");
    await expect(signer.getByTestId("signer-status")).toHaveText("Pendiente");

    await page.getByRole("button", { name: "Cancelar envío", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Sí, cancelar el envío" }).click();
    await expect(page.getByTestId("document-status")).toHaveText("Cancelado");
    await expect(signer.getByTestId("signer-status")).toHaveText("Cancelado");
  });
});
