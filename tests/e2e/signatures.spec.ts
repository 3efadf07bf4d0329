import { expect, test } from "@playwright/test";
import "./support/load-env";
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
        signers: {
          create: {
            firstName: "Lucía",
            lastName: "Navegador",
            email: `firmante-${randomHex(4)}@demo.rubrica.local`,
            invitedAt: new Date(),
          },
        },
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

  test("the detail lists every dispatch with its destination masked, explains a failure and offers its retry", async ({ page }) => {
    const title = `Despacho e2e ${randomHex(4)}`;
    const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
    const email = `lucia-${randomHex(4)}@demo.rubrica.local`;
    const document = await db.document.create({
      data: {
        organizationId: organization.id,
        title,
        status: "SENT",
        sentAt: new Date(),
        expirationDate: new Date(Date.now() + 7 * 24 * 3600_000),
        orders: { create: { position: 1, minSigners: 1 } },
        signers: { create: { firstName: "Lucía", lastName: "Navegador", email, invitedAt: new Date() } },
      },
      include: { signers: true },
    });
    const signerId = document.signers[0]!.id;
    const sent = await db.delivery.create({
      data: {
        signerId,
        channel: "EMAIL",
        kind: "INVITATION",
        status: "SENT",
        attempts: 1,
        sentAt: new Date(Date.now() - 60_000),
        createdAt: new Date(Date.now() - 60_000),
      },
    });
    const failed = await db.delivery.create({
      data: { signerId, channel: "EMAIL", kind: "REMINDER", status: "FAILED", attempts: 5, error: "connect ECONNREFUSED 127.0.0.1:25" },
    });

    await page.goto(`/docdetail/${document.hexId}`);
    await signIn(page, demo.orgAdmin);
    await expect(page.getByTestId("docdetail-title")).toHaveText(title);

    const rows = page.getByTestId("dispatch-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toHaveAttribute("data-dispatch", failed.hexId);
    await expect(rows.nth(1)).toHaveAttribute("data-dispatch", sent.hexId);
    await expect(rows.first().getByTestId("dispatch-destination")).toHaveText(`l***@demo.rubrica.local`);
    await expect(rows.first().getByTestId("dispatch-status")).toHaveText("Fallida");
    await expect(rows.first().getByTestId("dispatch-error")).toContainText("No se pudo conectar con el servicio de envío.");
    await expect(rows.first().getByTestId("dispatch-retry")).toBeVisible();
    await expect(rows.nth(1).getByTestId("dispatch-retry")).toHaveCount(0);
    await expect(page.getByTestId("dispatches")).not.toContainText(email);
  });

  test("a draft's detail continues to the preparation screen or deletes the draft after confirmation", async ({ page }) => {
    const title = `Borrador e2e ${randomHex(4)}`;
    const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
    const document = await db.document.create({ data: { organizationId: organization.id, title } });

    await page.goto(`/docdetail/${document.hexId}`);
    await signIn(page, demo.orgAdmin);
    await expect(page.getByTestId("docdetail-continue")).toHaveAttribute("href", `/prepare-document/${document.hexId}`);
    await expect(page.getByTestId("docdetail-download")).toHaveCount(0);

    await page.getByTestId("docdetail-delete-draft").click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Sí, eliminar el borrador" }).click();
    await expect(page).toHaveURL(/\/signatures$/);
    expect(await db.document.findUnique({ where: { id: document.id } })).toBeNull();
  });

  test("the signers sort by name, order and status, and a completed shipment offers its download", async ({ page }) => {
    const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
    const document = await db.document.create({
      data: {
        organizationId: organization.id,
        title: `Completado e2e ${randomHex(4)}`,
        status: "COMPLETED",
        sentAt: new Date(),
        completedAt: new Date(),
        orders: {
          create: [
            { position: 1, minSigners: 1 },
            { position: 2, minSigners: 1 },
          ],
        },
        signers: {
          create: [
            { firstName: "Zoe", lastName: "Alba", position: 1, status: "COMPLETED", email: `zoe-${randomHex(4)}@demo.rubrica.local` },
            { firstName: "Ana", lastName: "Bravo", position: 2, status: "COMPLETED", email: `ana-${randomHex(4)}@demo.rubrica.local` },
            { firstName: "Marta", lastName: "Cruz", position: 1, status: "CANCELLED", email: `marta-${randomHex(4)}@demo.rubrica.local` },
          ],
        },
      },
    });

    await page.goto(`/docdetail/${document.hexId}`);
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(new RegExp(`/docdetail/${document.hexId}$`));
    await expect(page.getByTestId("docdetail-signer")).toHaveCount(3);
    const names = () => page.getByTestId("docdetail-signer").locator("td:nth-child(2)").allInnerTexts();
    await expect.poll(names).toEqual(["Marta Cruz", "Zoe Alba", "Ana Bravo"]);
    await page.getByTestId("docdetail-sort-name").click();
    await expect.poll(names).toEqual(["Ana Bravo", "Marta Cruz", "Zoe Alba"]);
    await page.getByTestId("docdetail-sort-name").click();
    await expect.poll(names).toEqual(["Zoe Alba", "Marta Cruz", "Ana Bravo"]);
    await page.getByTestId("docdetail-sort-status").click();
    await expect.poll(names).toEqual(["Zoe Alba", "Ana Bravo", "Marta Cruz"]);
    // The signed PDF comes from the signing capability; until it exists the button answers that it is not ready.
    await expect(page.getByTestId("docdetail-download")).toBeVisible();
  });
});
