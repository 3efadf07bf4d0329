import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import "./support/load-env";
import { db } from "@/lib/db/client";
import { createSentShipment } from "../support/signing";

// The signer's pages on a phone: no serious or critical accessibility violation (axe-core, WCAG 2.1
// A and AA rules), and every step reachable and operable with the keyboard alone.

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.describe("the signer's pages are accessible on a phone", () => {
  test.use({ locale: "es-ES", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("home, data, terms, document and signature pages have no serious violation", async ({ page }) => {
    const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
    const { signers } = await createSentShipment(organization.id, { signers: [{ identNumber: "12345678Z" }] });
    const signer = signers[0]!;

    await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
    await expect(page.getByTestId("start-process")).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByTestId("start-process").click();

    await expect(page.getByTestId("confirm-data")).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByTestId("confirm-data").click();

    await expect(page.getByTestId("accept-terms")).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByTestId("accept-terms-checkbox").check();
    await page.getByTestId("accept-terms").click();

    await expect(page.getByTestId("pdf-page").locator("canvas")).toBeVisible({ timeout: 20_000 });
    expect(await violations(page)).toEqual([]);
    await page.getByTestId("document-sign").click();

    await expect(page.getByTestId("signature-pad")).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("the data and terms steps are done with the keyboard alone, in a sensible focus order", async ({ page }) => {
    const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
    const { signers } = await createSentShipment(organization.id, {
      signers: [{ identNumber: "12345678Z" }],
      steps: ["DATA_CONFIRM", "ACCEPT_TERMS", "SIGNATURE"],
    });
    const signer = signers[0]!;
    await page.goto(`/sign/${signer.secret}/${signer.hexId}`);
    await page.getByTestId("start-process").focus();
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/data-confirm\//);
    // From the country to the confirmation button, the fields come in reading order.
    await page.getByLabel("País").focus();
    const order: string[] = [];
    for (let i = 0; i < 5; i++) {
      order.push(
        await page.evaluate(
          () =>
            (document.activeElement as HTMLElement | null)?.getAttribute("name") ??
            (document.activeElement as HTMLElement | null)?.dataset.testid ??
            "",
        ),
      );
      await page.keyboard.press("Tab");
    }
    expect(order).toEqual(["country", "identType", "identNumber", "cellPhone", "confirm-data"]);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/accept-terms\//);
    await page.getByTestId("accept-terms-checkbox").focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/digital-signature\//);
  });
});
