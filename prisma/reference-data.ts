import type { db as Db } from "@/lib/db/client";

// Reference data every installation needs, demo or not: countries and their identification types.
// Idempotent: running it again changes nothing that exists.

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

export async function seedReferenceData(db: typeof Db): Promise<void> {
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

/** The countries the reference data knows (ISO 3166-1 alpha-2). */
export const referenceCountries = countries.map((c) => c.code);
