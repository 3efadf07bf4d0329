import { describe, expect, it } from "vitest";
import type { AuthContext } from "@/lib/auth/context";
import { getAffiliation, listAffiliations, type AffiliationSource, type AffiliationView } from "@/lib/affiliation/list-affiliations";

const person = (n: number): AffiliationView => ({
  affiliationHexId: n.toString(16).padStart(32, "0"),
  firstName: `Nombre${n}`,
  lastName: "Afiliado",
  email: null,
  cellPhone: null,
  country: "ES",
  identType: null,
  identNumber: null,
  validationName: "Alta de clientes",
  affiliatedAt: new Date(2026, 0, n).toISOString(),
});

/** A source over a fixed list, recording what the use case asked of it. */
function sourceOf(rows: AffiliationView[], organizationId = 7) {
  const asked: { organizationId: number; words: string[]; skip: number; take: number }[] = [];
  const source: AffiliationSource = {
    list: async (org, query) => {
      asked.push({ organizationId: org, ...query });
      return org === organizationId
        ? { total: rows.length, rows: rows.slice(query.skip, query.skip + query.take) }
        : { total: 0, rows: [] };
    },
    find: async (org, hexId) => (org === organizationId ? (rows.find((r) => r.affiliationHexId === hexId) ?? null) : null),
  };
  return { source, asked };
}

const context = (organizationId: number) => ({ organizationId }) as AuthContext;

describe("affiliations", () => {
  it("pages in the portal's page shape and passes the search as words", async () => {
    const { source, asked } = sourceOf(Array.from({ length: 25 }, (_, i) => person(i + 1)));
    const page = await listAffiliations(context(7), { page: "2", size: "10", search: "  ana   garcía " }, source);
    expect(asked).toEqual([{ organizationId: 7, words: ["ana", "garcía"], skip: 20, take: 10 }]);
    expect(page.page).toEqual({ size: 10, totalElements: 25, totalPages: 3, number: 2 });
    expect(page._embedded.affiliations.map((a) => a.firstName)).toEqual(["Nombre21", "Nombre22", "Nombre23", "Nombre24", "Nombre25"]);
  });

  it("ignores nonsense paging in the address instead of failing the page", async () => {
    const { source, asked } = sourceOf([]);
    const page = await listAffiliations(context(7), { page: "-3", size: "10", search: "x".repeat(500) }, source);
    expect(page.page.number).toBe(0);
    expect(asked).toEqual([{ organizationId: 7, words: [], skip: 0, take: 10 }]);
  });

  it("finds a detail only within the caller's organisation, and only for a well-formed id", async () => {
    const { source } = sourceOf([person(1)]);
    await expect(getAffiliation(context(7), person(1).affiliationHexId, source)).resolves.toMatchObject({ firstName: "Nombre1" });
    await expect(getAffiliation(context(8), person(1).affiliationHexId, source)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getAffiliation(context(7), "../etc", source)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
