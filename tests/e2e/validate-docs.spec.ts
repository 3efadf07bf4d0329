import { expect, test } from "@playwright/test";
import "./support/load-env";
import { stampDirectly } from "./support/stamp-directly";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage";
import { createSentShipment, drawnSignature } from "../support/signing";

test.describe("public verification of a sealed shipment", () => {
  test.use({ locale: "es-ES", viewport: { width: 1280, height: 900 } });

  test("shows the sealed shipment and says an uploaded copy of the sealed PDF is identical, and a changed one is not", async ({
    page,
    request,
  }) => {
    const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
    const { document, signers } = await createSentShipment(organization.id, { signers: [{}], steps: ["SIGNATURE"] });
    const signer = signers[0]!;

    // Before the seal the page says only that verification is not available.
    await page.goto(`/validateDocs/${document.hexId}`);
    await expect(page.getByTestId("validation-not-available")).toBeVisible();

    const signed = await request.post(`/api/signprocess/${signer.hexId}/step/digital-signature`, {
      headers: { "x-url-sign": signer.secret! },
      data: { image: await drawnSignature() },
    });
    expect(signed.ok()).toBe(true);
    // The worker signs and seals the file, then makes and seals the audit certificate.
    await expect
      .poll(async () => (await db.document.findUniqueOrThrow({ where: { id: document.id } })).sealedAt !== null, { timeout: 30_000 })
      .toBe(true);
    const file = await db.documentFile.findFirstOrThrow({ where: { documentId: document.id } });
    const sealed = Buffer.from(await storage().get(file.signedStorageKey!));

    await page.goto(`/validateDocs/${document.hexId}`);
    await expect(page.getByTestId("validation-title")).toHaveText(document.title);
    await expect(page.getByTestId("validation-signer")).toContainText(`${signer.firstName} ${signer.lastName}`);
    await expect(page.getByTestId("validation-signer")).not.toContainText(signer.email!);
    await expect(page.getByTestId("validation-chain")).toHaveText("La cadena de hashes del registro es íntegra.");
    // The signer's signature and the seal in the document, the seal of the audit certificate.
    await expect(page.getByTestId("validation-signature")).toHaveCount(3);
    await expect(page.getByTestId("validation-stamping")).toHaveText("pendiente");

    await page.getByTestId("check-file").setInputFiles({ name: "contrato-firmado.pdf", mimeType: "application/pdf", buffer: sealed });
    await page.getByTestId("check-submit").click();
    await expect(page.getByTestId("check-identical")).toHaveText("El fichero es idéntico al documento sellado.");

    const { certificateStorageKey } = await db.document.findUniqueOrThrow({ where: { id: document.id } });
    const certificate = Buffer.from(await storage().get(certificateStorageKey!));
    await page.getByTestId("check-file").setInputFiles({ name: "certificado.pdf", mimeType: "application/pdf", buffer: certificate });
    await page.getByTestId("check-submit").click();
    await expect(page.getByTestId("check-identical")).toHaveText(
      "El fichero es idéntico al certificado de auditoría sellado de este envío.",
    );

    await page
      .getByTestId("check-file")
      .setInputFiles({ name: "copia.pdf", mimeType: "application/pdf", buffer: Buffer.concat([sealed, Buffer.from("\n")]) });
    await page.getByTestId("check-submit").click();
    await expect(page.getByTestId("check-different")).toBeVisible();

    // Once stamped (here a batch written directly, standing in for the stamping job; its chain path is
    // tested in tests/integration/stamping.test.ts), each evidence shows its proof verdict and transaction.
    const evidences = await db.evidence.findMany({ where: { signer: { documentId: document.id } }, orderBy: { id: "asc" } });
    const txId = await stampDirectly(evidences);
    await page.reload();
    await expect(page.getByTestId("validation-stamping")).toHaveText("sellado");
    await expect(page.getByTestId("validation-proof").first()).toHaveText("Prueba Merkle válida frente a la raíz del lote");
    await expect(page.getByTestId("validation-evidence-stamping").first()).toContainText(txId);
    // The page asked the chain: no node knows this made-up transaction (or, in this run, none answers).
    const verdict = page.getByTestId("validation-onchain").first();
    await expect(verdict).toHaveAttribute("data-state", /^(not-found|unreachable)$/);
    const expected =
      (await verdict.getAttribute("data-state")) === "not-found"
        ? "La red no conoce esta transacción"
        : "No se ha podido consultar la red ahora";
    await expect(verdict).toContainText(expected);
    const zip = await request.get((await page.getByTestId("validation-package").getAttribute("href")) as string);
    expect(zip.status()).toBe(200);
    expect(zip.headers()["content-type"]).toBe("application/zip");
  });

  test("an unknown id gets the not-found page", async ({ page }) => {
    await page.goto("/validateDocs/00000000000000000000000000000000");
    await expect(page.getByTestId("not-found")).toBeVisible();
  });
});
