import "dotenv/config";
import { db } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";
import { createOrganization } from "@/lib/organizations/create-organization";
import { demoUsers, demoOrganizations } from "./demo-data";
import { seedReferenceData } from "./reference-data";

// Idempotent: running it again changes nothing that exists. The run command calls it every start.

async function seedOrganizations() {
  const ids: Record<string, { id: number; adminRoleId: number; operatorRoleId: number }> = {};
  for (const o of demoOrganizations) {
    const existing = await db.organization.findFirst({ where: { name: o.name }, include: { roles: true } });
    if (existing) {
      const roleId = (name: string) => existing.roles.find((r) => r.name === name)?.id ?? 0;
      ids[o.key] = { id: existing.id, adminRoleId: roleId("Administrador"), operatorRoleId: roleId("Operador") };
      continue;
    }
    const created = await db.$transaction((tx) => createOrganization(tx, { name: o.name, country: o.country, timezone: o.timezone }));
    ids[o.key] = { id: created.organization.id, adminRoleId: created.adminRole.id, operatorRoleId: created.operatorRole.id };
  }
  return ids;
}

async function main() {
  await seedReferenceData(db);
  const organizations = await seedOrganizations();
  for (const u of demoUsers) {
    const org = organizations[u.organization];
    if (!org) throw new Error(`Unknown organisation ${u.organization}`);
    const exists = await db.user.findUnique({ where: { email: u.email } });
    if (exists) continue;
    await db.user.create({
      data: {
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        cellPhone: u.cellPhone,
        country: "ES",
        identType: "DNI",
        identNumber: u.identNumber,
        passwordHash: await hashPassword(u.password),
        passwordChangedAt: new Date(),
        emailVerified: true,
        platformAdmin: u.platformAdmin,
        organizationId: org.id,
        roleId: u.role === "admin" ? org.adminRoleId : org.operatorRoleId,
      },
    });
  }
  // The local identity registry knows the demo people, so a demo signer's registry check succeeds.
  for (const u of demoUsers) {
    const key = { country: "ES", identType: "DNI", identNumber: u.identNumber };
    await db.registryPerson.upsert({
      where: { country_identType_identNumber: key },
      create: { ...key, firstName: u.firstName, lastName: u.lastName },
      update: {},
    });
  }
  console.log("\nDemo accounts (also in README.md):");
  for (const u of demoUsers) console.log(`  ${u.description.padEnd(34)} ${u.email.padEnd(32)} ${u.password}`);
}

main()
  .then(() => db.$disconnect())
  .catch(async (error: unknown) => {
    console.error(error);
    await db.$disconnect();
    process.exit(1);
  });
