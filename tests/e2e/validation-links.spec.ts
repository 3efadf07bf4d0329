import "./support/load-env";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { db } from "@/lib/db/client";
import { demo, signIn } from "./support/accounts";
import { enterWithPin, linkPin, phone, submitPin, validationLink } from "./support/validation-links";

// What a person on a phone is told when a validation link cannot start their validation (issue 11, spec §5, §8):
// wrong PINs until this phone is refused, an expired link, a link used as often as allowed, a deactivated link.
// Every test makes its own link: the PIN failures are counted per link (in Redis).

const messages = {
  expired: "Este enlace de validación ha caducado. Solicite uno nuevo al personal de la organización.",
  inactive: "Este enlace de validación no está activo. Contacte con el personal de la organización.",
  usedUp: "Número máximo de usos alcanzado",
  usedUpAdvice: "Si necesitas volver a usar este enlace, ponte en contacto con el personal de la organización que te lo envió.",
};

/** Staff of the demo organisation signed in on `page`, who make the links over the API. */
async function signInStaff(page: Page) {
  await page.goto("/validations");
  await signIn(page, demo.orgAdmin);
  // The first sign-in of a fresh server also warms it up.
  await expect(page).toHaveURL(/\/validations$/, { timeout: 30_000 });
}

/** A phone with the link's page open, ready for its PIN. */
async function openOnPhone(browser: Browser, validationHexId: string) {
  const context = await browser.newContext(phone);
  const person = await context.newPage();
  await person.goto(`/loginvalidation/${validationHexId}`);
  await expect(person.getByTestId("pin-digit-1")).toBeVisible();
  return { context, person };
}

async function linkRecord(validationHexId: string) {
  const link = await db.validationLink.findUniqueOrThrow({ where: { hexId: validationHexId } });
  return { ...link, processes: await db.validationProcess.count({ where: { validationLinkId: link.id } }) };
}

/** Opened again, the link says at once why it cannot be used, and asks for no PIN. */
async function expectRefusedOnOpening(person: Page, message: string) {
  await person.reload();
  await expect(person.getByTestId("validation-link-refused")).toHaveText(message);
  await expect(person.getByTestId("pin-form")).toHaveCount(0);
}

test.describe("a validation link that cannot be used says why", () => {
  test.use({ locale: "es-ES", viewport: { width: 1280, height: 900 } });

  test("each wrong PIN says how many tries are left; the fifth says none are left and the link then refuses this phone, even with the right PIN", async ({
    page,
    browser,
  }) => {
    await signInStaff(page);
    const validationHexId = await validationLink(page, [{ type: "DATA_CONFIRM" }]);
    const { context, person } = await openOnPhone(browser, validationHexId);

    for (const [index, wrong] of ["0000", "1234", "9753", "3578"].entries()) {
      await submitPin(person, wrong);
      await expect(person.getByTestId("pin-error")).toHaveText(`El PIN no es correcto. Intentos restantes: ${4 - index}.`);
      // The boxes empty for another try.
      await expect(person.getByTestId("pin-digit-1")).toHaveValue("");
    }
    // The fifth wrong PIN says that none are left, and for how long.
    await submitPin(person, "5793");
    await expect(person.getByTestId("pin-error")).toHaveText(
      /^El PIN no es correcto y no le quedan intentos\. Espere (1[0-5]|[1-9]) minutos e inténtelo de nuevo\.$/,
    );

    // The right PIN no longer opens the link from this phone, for a while (the client's window, at most 15 minutes).
    await submitPin(person, linkPin);
    const refusal = person.getByTestId("pin-error");
    await expect(refusal).toHaveText(/^Demasiados intentos\. Espere \d+ segundos e inténtelo de nuevo\.$/);
    const seconds = Number(/Espere (\d+) segundos/.exec((await refusal.textContent()) ?? "")?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    await expect(person).toHaveURL(new RegExp(`/loginvalidation/${validationHexId}$`));

    // Nor after opening the page again.
    await person.reload();
    await submitPin(person, linkPin);
    await expect(person.getByTestId("pin-error")).toHaveText(/^Demasiados intentos\. Espere \d+ segundos/);
    await expect(person).toHaveURL(new RegExp(`/loginvalidation/${validationHexId}$`));

    // No process was started, and the link itself stays open to others (five failures lock out one client, not the link).
    expect(await linkRecord(validationHexId)).toMatchObject({ processes: 0, usesCount: 0, lockedAt: null, active: true });
    await context.close();
  });

  test("an expired link answers that it has expired, to the PIN and on opening", async ({ page, browser }) => {
    await signInStaff(page);
    const validationHexId = await validationLink(page, [{ type: "DATA_CONFIRM" }]);
    const { context, person } = await openOnPhone(browser, validationHexId);

    // The link expires while the person has its page open.
    await db.validationLink.update({ where: { hexId: validationHexId }, data: { expirationDate: new Date(Date.now() - 60_000) } });
    await submitPin(person, linkPin);
    await expect(person.getByTestId("pin-error")).toHaveText(messages.expired);
    await expect(person).toHaveURL(new RegExp(`/loginvalidation/${validationHexId}$`));

    await expectRefusedOnOpening(person, messages.expired);
    expect(await linkRecord(validationHexId)).toMatchObject({ processes: 0, usesCount: 0 });
    await context.close();
  });

  test("a link with one use serves the first person; a second one is told the maximum number of uses was reached", async ({
    page,
    browser,
  }) => {
    await signInStaff(page);
    const validationHexId = await validationLink(page, [{ type: "DATA_CONFIRM" }], { maxUses: 1 });

    // The second person opens the link while its one use is still free.
    const second = await openOnPhone(browser, validationHexId);
    const first = await enterWithPin(browser, validationHexId);
    await first.context.close();

    await submitPin(second.person, linkPin);
    await expect(second.person.getByTestId("pin-error")).toHaveText(messages.usedUp);
    await expect(second.person.getByTestId("validation-link-advice")).toHaveText(messages.usedUpAdvice);
    await expect(second.person).toHaveURL(new RegExp(`/loginvalidation/${validationHexId}$`));

    await expectRefusedOnOpening(second.person, messages.usedUp);
    await expect(second.person.getByTestId("validation-link-advice")).toHaveText(messages.usedUpAdvice);
    expect(await linkRecord(validationHexId)).toMatchObject({ processes: 1, usesCount: 1, maxUses: 1 });
    await second.context.close();
  });

  test("a link staff deactivated answers that it is not active, to the PIN and on opening", async ({ page, browser }) => {
    await signInStaff(page);
    const validationHexId = await validationLink(page, [{ type: "DATA_CONFIRM" }]);
    const { context, person } = await openOnPhone(browser, validationHexId);

    // Staff deactivate the link while the person has its page open.
    const deactivated = await page.request.post(`/api/validations/${validationHexId}/deactivate`);
    expect(deactivated.status()).toBe(200);
    expect(await deactivated.json()).toMatchObject({ validationHexId, active: false, state: "INACTIVE" });

    await submitPin(person, linkPin);
    await expect(person.getByTestId("pin-error")).toHaveText(messages.inactive);
    await expect(person).toHaveURL(new RegExp(`/loginvalidation/${validationHexId}$`));

    await expectRefusedOnOpening(person, messages.inactive);
    expect(await linkRecord(validationHexId)).toMatchObject({ processes: 0, usesCount: 0 });
    await context.close();
  });
});
