import "./support/load-env";
import { callsOf } from "./support/validation-calls";
import { stampDirectly } from "./support/stamp-directly";
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { db } from "@/lib/db/client";
import { randomHex } from "@/lib/security/random";
import { seedValidationInReview } from "../support/validation-review";
import { demo, signIn } from "./support/accounts";

test.describe("the validation certificate", () => {
  test.use({ locale: "es-ES", viewport: { width: 1280, height: 900 } });

  test("staff accept a process in review, download its sealed certificate from the detail, and its public page verifies an uploaded copy", async ({
    page,
  }) => {
    await page.goto("/seeValidation");
    await signIn(page, demo.orgAdmin);
    await expect(page).toHaveURL(/\/seeValidation$/);
    const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
    const lastName = `Certificada${randomHex(3)}`;
    const seeded = await seedValidationInReview(callsOf(page.request), organization.id, { firstName: "Inés", lastName });

    await page.goto(`/seeValidation/${seeded.processHexId}`);
    await page.getByTestId("validation-review-accept").click();
    await page.getByTestId("validation-review-confirm").click();
    await expect(page.getByTestId("validation-status")).toHaveText("Validada");

    // The worker makes and seals the certificate (stamping is off in the browser tests: it does not wait).
    await expect
      .poll(async () => (await db.validationProcess.findUniqueOrThrow({ where: { id: seeded.processId } })).certificateSha256, {
        timeout: 60_000,
      })
      .not.toBeNull();
    const row = await db.validationProcess.findUniqueOrThrow({ where: { id: seeded.processId } });

    await page.reload();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("validation-certificate-button").click()]);
    expect(download.suggestedFilename()).toBe(`certificado-validacion-Inés ${lastName}.pdf`);
    const bytes = await readFile((await download.path())!);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(row.certificateSha256);
    // An independent validator judges the downloaded file (pdfsig exits non-zero on an untrusted root: read its output).
    const verdict = await promisify(execFile)("pdfsig", ["-nocert", (await download.path())!]).then(
      ({ stdout }) => stdout,
      (error: { stdout?: string }) => error.stdout ?? "",
    );
    expect(verdict).toContain("Signature Validation: Signature is Valid.");
    expect(verdict).toContain("Total document signed");

    await page.goto(`/validateDocs/${row.certificateHexId}`);
    await expect(page.getByTestId("validation-person")).toHaveText(`Inés ${lastName}`);
    await expect(page.getByTestId("validation-signature")).toHaveCount(1);
    await expect(page.getByTestId("validation-signature")).toContainText(`SelloValidacion_${row.certificateHexId}`);
    await expect(page.getByTestId("validation-chain")).toHaveText("La cadena de hashes del registro es íntegra.");
    await expect(page.getByTestId("validation-certificate-evidences").getByTestId("validation-evidence-stamping")).toHaveCount(2);

    await page.getByTestId("check-file").setInputFiles({ name: "certificado.pdf", mimeType: "application/pdf", buffer: bytes });
    await page.getByTestId("check-submit").click();
    await expect(page.getByTestId("check-identical")).toHaveText("El fichero es idéntico a este certificado de validación sellado.");
    await page
      .getByTestId("check-file")
      .setInputFiles({ name: "copia.pdf", mimeType: "application/pdf", buffer: Buffer.concat([bytes, Buffer.from("\n")]) });
    await page.getByTestId("check-submit").click();
    await expect(page.getByTestId("check-different")).toBeVisible();

    // Once its evidence is stamped (a batch written directly, standing in for the stamping job, whose chain path
    // tests/integration/validation-certificate.test.ts runs), the public page verifies each evidence's Merkle proof.
    const evidences = await db.evidence.findMany({ where: { validationProcessId: seeded.processId }, orderBy: { id: "asc" } });
    const txId = await stampDirectly(evidences);
    await page.reload();
    const proofs = page.getByTestId("validation-certificate-evidences").getByTestId("validation-proof");
    await expect(proofs).toHaveCount(evidences.length);
    for (const proof of await proofs.all()) await expect(proof).toHaveText("Prueba Merkle válida frente a la raíz del lote");
    await expect(page.getByTestId("validation-certificate-evidences").getByTestId("validation-evidence-stamping").first()).toContainText(
      txId,
    );
  });
});
