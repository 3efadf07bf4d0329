import "./load-env";
import { expect, type Page } from "@playwright/test";
import { TOTP, Secret } from "otpauth";
import { db } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";
import { randomHex } from "@/lib/security/random";

export const demo = {
  orgAdmin: { email: "orgadmin@demo.rubrica.local", password: "Demo-Admin-2026!" },
  staff: { email: "staff@demo.rubrica.local", password: "Demo-Staff-2026!" },
  platformAdmin: { email: "admin@rubrica.local", password: "Rubrica-Admin-2026!" },
};

export const newPassword = "Cuenta-Nueva-2026!";

let phone = Math.floor(Math.random() * 9_000_000);

/** A fresh staff member of the demo organisation, for tests that change an account. */
export async function createDemoStaff(options: { changePassword?: boolean } = {}) {
  const organization = await db.organization.findFirstOrThrow({ where: { name: "Notaría Demo S.L." }, include: { roles: true } });
  const role = organization.roles.find((r) => r.name === "Administrador");
  phone += 1;
  const user = await db.user.create({
    data: {
      email: `e2e-${randomHex(5)}@demo.rubrica.local`,
      firstName: "Prueba",
      lastName: "Navegador",
      cellPhone: `+3462${String(phone).padStart(7, "0")}`,
      passwordHash: await hashPassword(newPassword),
      emailVerified: true,
      changePassword: options.changePassword ?? false,
      organizationId: organization.id,
      roleId: role?.id,
    },
  });
  return { ...user, password: newPassword };
}

export async function signIn(page: Page, account: { email: string; password: string }) {
  // The form is typed into once React runs it (its button enabled): the server's HTML shows it before.
  await expect(page.getByTestId("signin-form").locator('button[type="submit"]')).toBeEnabled({ timeout: 30_000 });
  await page.getByTestId("signin-form").locator('input[name="username"]').fill(account.email);
  await page.getByTestId("signin-form").locator('input[name="password"]').fill(account.password);
  await page.getByTestId("signin-form").locator('button[type="submit"]').click();
}

export async function chooseLanguage(page: Page, locale: "es-es" | "en-us") {
  await page.getByTestId("locale-switcher").first().selectOption(locale);
  await expect(page.locator("html")).toHaveAttribute("lang", locale === "en-us" ? "en-US" : "es-ES");
}

export function totpCode(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/**
 * Waits, if need be, until at least `minRemainingMs` of the current 30-second TOTP step are left: a code of the
 * previous step is accepted only while the server is still in the step after it, so a slow page must not carry
 * it across a boundary.
 */
export async function awaitTotpStepRoom(minRemainingMs = 12_000): Promise<void> {
  const remaining = 30_000 - (Date.now() % 30_000);
  if (remaining < minRemainingMs) await new Promise((resolve) => setTimeout(resolve, remaining + 200));
}

/** Ends a user's live sessions as the idle timeout would. */
export async function idleOut(email: string) {
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  await db.authSession.updateMany({
    where: { userId: user.id, endedAt: null },
    data: { lastActivityAt: new Date(Date.now() - 2 * 60 * 60_000) },
  });
}
