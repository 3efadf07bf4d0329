import { db } from "@/lib/db/client";

export type RegistryQuery = { country: string; identType: string; identNumber: string };

export type RegistryAnswer = {
  registry: string;
  found: boolean;
  firstName: string | null;
  lastName: string | null;
  birthDate: string | null;
};

/**
 * A government identity registry (hasCRI / askForUseCRI / selfieValidOnGov). The default is the local
 * registry imported from CSV (scripts/import-registry.ts); a country's online registry is another
 * implementation of this type.
 */
export type IdentityRegistry = { name: string; lookup(query: RegistryQuery): Promise<RegistryAnswer> };

export const localRegistry: IdentityRegistry = {
  name: "local",
  async lookup({ country, identType, identNumber }) {
    const person = await db.registryPerson.findUnique({
      where: {
        country_identType_identNumber: {
          country: country.toUpperCase(),
          identType: identType.toUpperCase(),
          identNumber: identNumber.toUpperCase(),
        },
      },
    });
    return {
      registry: "local",
      found: Boolean(person),
      firstName: person?.firstName ?? null,
      lastName: person?.lastName ?? null,
      birthDate: person?.birthDate?.toISOString().slice(0, 10) ?? null,
    };
  },
};

export function identityRegistry(): IdentityRegistry {
  return localRegistry;
}

/** "José Ángel" and "jose angel" are the same name. */
export function sameName(a: string, b: string): boolean {
  const norm = (v: string) =>
    v
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
  return norm(a) === norm(b);
}
