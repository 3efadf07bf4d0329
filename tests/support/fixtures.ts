import { db } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";
import { createOrganization } from "@/lib/organizations/create-organization";
import { randomHex } from "@/lib/security/random";
import type { MfaMethodType } from "@/lib/db/generated/enums";

export const testPassword = "Prueba-Segura-2026!";

let phoneCounter = Math.floor(Math.random() * 1_000_000);

/** A fresh organisation per test file (or test), so tests never see each other's rows. */
export async function createTestOrganization(options: { requiredMfaMethod?: MfaMethodType } = {}) {
  const { organization, adminRole, operatorRole } = await db.$transaction((tx) =>
    createOrganization(tx, { name: `Org ${randomHex(4)}`, country: "ES" }),
  );
  if (options.requiredMfaMethod)
    await db.organization.update({ where: { id: organization.id }, data: { requiredMfaMethod: options.requiredMfaMethod } });
  return { organization, adminRole, operatorRole };
}

export type TestOrganization = Awaited<ReturnType<typeof createTestOrganization>>;

export async function createTestUser(
  org: TestOrganization,
  options: {
    role?: "admin" | "operator" | "none";
    platformAdmin?: boolean;
    changePassword?: boolean;
    emailVerified?: boolean;
    language?: "es_es" | "en_us";
  } = {},
) {
  const role = options.role ?? "admin";
  phoneCounter += 1;
  return db.user.create({
    data: {
      email: `user-${randomHex(6)}@example.test`,
      firstName: "Prueba",
      lastName: "Usuario",
      cellPhone: `+346${String(phoneCounter).padStart(8, "0").slice(-8)}`,
      passwordHash: await hashPassword(testPassword),
      emailVerified: options.emailVerified ?? true,
      changePassword: options.changePassword ?? false,
      platformAdmin: options.platformAdmin ?? false,
      preferredLanguage: options.language ?? "es_es",
      organizationId: org.organization.id,
      roleId: role === "admin" ? org.adminRole.id : role === "operator" ? org.operatorRole.id : null,
    },
  });
}
