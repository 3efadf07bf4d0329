import "dotenv/config";
import { db } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";
import { createOrganization } from "@/lib/organizations/create-organization";
import { demoUsers, demoOrganizations } from "./demo-data";

// Idempotent: running it again changes nothing that exists. The run command calls it every start.

const countries: { code: string; name: string; phoneCode: string; identTypes: { code: string; name: string; pattern: string }[] }[] = [
  {
    code: "ES",
    name: "España",
    phoneCode: "+34",
    identTypes: [
      { code: "DNI", name: "DNI", pattern: "^\\d{8}[A-Z]$" },
      { code: "NIE", name: "NIE", pattern: "^[XYZ]\\d{7}[A-Z]$" },
      { code: "PASSPORT", name: "Pasaporte", pattern: "^[A-Z0-9]{5,20}$" },
    ],
  },
  {
    code: "MX",
    name: "México",
    phoneCode: "+52",
    identTypes: [
      { code: "INE", name: "INE", pattern: "^[A-Z0-9]{5,20}$" },
      { code: "CURP", name: "CURP", pattern: "^[A-Z0-9]{18}$" },
      { code: "PASSPORT", name: "Pasaporte", pattern: "^[A-Z0-9]{5,20}$" },
    ],
  },
  {
    code: "CO",
    name: "Colombia",
    phoneCode: "+57",
    identTypes: [
      { code: "CC", name: "Cédula de ciudadanía", pattern: "^\\d{5,10}$" },
      { code: "CE", name: "Cédula de extranjería", pattern: "^[A-Z0-9]{5,12}$" },
      { code: "PASSPORT", name: "Pasaporte", pattern: "^[A-Z0-9]{5,20}$" },
    ],
  },
  {
    code: "EC",
    name: "Ecuador",
    phoneCode: "+593",
    identTypes: [
      { code: "CI", name: "Cédula de identidad", pattern: "^\\d{10}$" },
      { code: "PASSPORT", name: "Pasaporte", pattern: "^[A-Z0-9]{5,20}$" },
    ],
  },
  {
    code: "PE",
    name: "Perú",
    phoneCode: "+51",
    identTypes: [
      { code: "DNI_PE", name: "DNI (Perú)", pattern: "^\\d{8}$" },
      { code: "PASSPORT", name: "Pasaporte", pattern: "^[A-Z0-9]{5,20}$" },
    ],
  },
  {
    code: "US",
    name: "United States",
    phoneCode: "+1",
    identTypes: [
      { code: "PASSPORT", name: "Passport", pattern: "^[A-Z0-9]{5,20}$" },
      { code: "DL", name: "Driver's license", pattern: "^[A-Z0-9]{5,20}$" },
    ],
  },
];

async function seedCountries() {
  for (const c of countries) {
    const country = await db.country.upsert({
      where: { code: c.code },
      create: { code: c.code, name: c.name, phoneCode: c.phoneCode },
      update: {},
    });
    for (const i of c.identTypes) {
      await db.identType.upsert({
        where: { countryId_code: { countryId: country.id, code: i.code } },
        create: { ...i, countryId: country.id },
        update: {},
      });
    }
  }
}

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
  await seedCountries();
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
