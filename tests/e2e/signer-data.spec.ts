import { expect, test } from "@playwright/test";
import "./support/load-env";
import { db } from "@/lib/db/client";
import { createSentShipment } from "../support/signing";

// Issue 16 point 11: data-confirm shows what the organisation holds on the signer and, for a signer
// whose country nobody knows, proposes the organisation's country (Spain for the demo notary), not
// the first one in the list (Colombia).

async function signerWith(data: {
  country: string | null;
  identType: string | null;
  identNumber: string | null;
  cellPhone: string | null;
}) {
  const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
  const { signers } = await createSentShipment(organization.id, { signers: [{}] });
  const signer = signers[0]!;
  await db.signer.update({ where: { id: signer.id }, data });
  return signer;
}

test.describe("data-confirm on a phone, in Spanish", () => {
  test.use({ locale: "es-ES", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("shows the signer's country, identification and phone as the sender's contact held them", async ({ page }) => {
    const signer = await signerWith({ country: "ES", identType: "NIE", identNumber: "X1234567L", cellPhone: "+34600111222" });
    await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
    await page.getByTestId("start-process").click();
    await expect(page).toHaveURL(/\/signature-process\/data-confirm\//);
    await expect(page.getByLabel("País")).toHaveValue("ES");
    await expect(page.getByLabel("País").locator("option:checked")).toHaveText("España");
    await expect(page.getByLabel("Tipo de identificación")).toHaveValue("NIE");
    await expect(page.getByLabel("Número de identificación")).toHaveValue("X1234567L");
    await expect(page.getByLabel("Teléfono móvil")).toHaveValue("+34600111222");
  });

  test("proposes the organisation's country for a signer whose country is not known", async ({ page }) => {
    const signer = await signerWith({ country: null, identType: null, identNumber: null, cellPhone: null });
    await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
    await page.getByTestId("start-process").click();
    await expect(page).toHaveURL(/\/signature-process\/data-confirm\//);
    await expect(page.getByLabel("País").locator("option:checked")).toHaveText("España");
    await page.getByLabel("Tipo de identificación").selectOption("DNI");
    await page.getByLabel("Número de identificación").fill("12345678Z");
    await page.getByTestId("confirm-data").click();
    await expect(page).toHaveURL(/\/signature-process\/accept-terms\//);
    expect(await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).toMatchObject({ country: "ES", identNumber: "12345678Z" });
  });
});

test.describe("data-confirm before its scripts run", () => {
  // A phone on a slow network shows the server's HTML seconds before React runs it. Pressed then, the browser would
  // send the form itself: a GET of the fields to the page's address, the ID number in the address bar, the history
  // and the access log, and the values lost. A context without JavaScript is that moment held still.
  test.use({ javaScriptEnabled: false, locale: "es-ES" });

  test("the send button waits, and Enter in a field sends nothing", async ({ page }) => {
    const signer = await signerWith({ country: "ES", identType: "DNI", identNumber: null, cellPhone: null });
    const address = `/signature-process/data-confirm/${signer.secret}/${signer.hexId}`;
    await page.goto(address);
    await expect(page.getByTestId("confirm-data")).toBeDisabled();
    await page.getByLabel("Número de identificación").fill("12345678Z");
    await page.getByLabel("Número de identificación").press("Enter");
    await page.waitForLoadState("load");
    expect(page.url()).not.toContain("12345678Z");
    expect(new URL(page.url()).pathname).toBe(address);
    expect((await db.signer.findUniqueOrThrow({ where: { id: signer.id } })).identNumber).toBeNull();
  });
});
