import "./load-env";
import { expect, type Browser, type Page } from "@playwright/test";
import { db } from "@/lib/db/client";
import { randomHex } from "@/lib/security/random";
import { honestCamera } from "./honest-camera";

// Validation links for the browser tests: made by signed-in staff over the API (the /validations screen itself is
// covered by validations.spec.ts), and entered with their PIN on a phone.

export const phone = { locale: "es-ES", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

export const linkPin = "3579";

type StepType = "DATA_CONFIRM" | "ID_PHOTO" | "SELFIE" | "VIDEO";

/**
 * A validation flow of the demo organisation with these steps, and a link to it with PIN 3579 (and at most
 * `maxUses` uses when given) made by staff signed in on `staff` over the API.
 */
export async function validationLink(
  staff: Page,
  steps: { type: StepType; compareWithPosition?: number }[],
  options: { maxUses?: number } = {},
) {
  const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." } });
  const flow = await db.flow.create({
    data: {
      organizationId: organization.id,
      name: `Validación E2E ${randomHex(3)}`,
      kind: "VALIDATION",
      active: true,
      steps: { create: steps.map((step, index) => ({ position: index + 1, ...step })) },
    },
  });
  const created = await staff.request.post("/api/validations", {
    data: {
      flowHexId: flow.hexId,
      pin: linkPin,
      expirationDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      description: `Alta de cliente ${randomHex(3)}`,
      userLocation: "ASK",
      ...(options.maxUses === undefined ? {} : { maxUses: options.maxUses }),
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { validationHexId: string }).validationHexId;
}

/** Types a PIN in the four boxes of /loginvalidation and sends it. */
export async function submitPin(page: Page, pin: string) {
  for (const [index, digit] of [...pin].entries()) await page.getByTestId(`pin-digit-${index + 1}`).fill(digit);
  await page.getByTestId("pin-submit").click();
}

/** The person's phone: the PIN entered on the link, up to the validation's home page. */
export async function enterWithPin(browser: Browser, validationHexId: string) {
  const context = await browser.newContext(phone);
  await context.grantPermissions(["camera", "microphone", "geolocation"]);
  await context.setGeolocation({ latitude: 40.4168, longitude: -3.7038, accuracy: 20 });
  // The ID's front and rear as a person shows them (the same face, a card around it): see support/honest-camera.ts.
  await honestCamera(context);
  const person = await context.newPage();
  await person.goto(`/loginvalidation/${validationHexId}`);
  await submitPin(person, linkPin);
  await expect(person).toHaveURL(/\/validation-process\/home-page\/[0-9a-f]{32}\/[0-9a-f]{32}$/);
  const [, urlSign, processHexId] = /\/home-page\/([0-9a-f]{32})\/([0-9a-f]{32})$/.exec(person.url())!;
  return { context, person, urlSign: urlSign!, processHexId: processHexId! };
}
