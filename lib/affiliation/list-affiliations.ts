import { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { getConfigNumber } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import { lineText } from "@/lib/validation/text";
import type { ValidatedPerson } from "@/lib/validation-process/person";

// /affiliation and /seeAfiliation/{hexId}: the people affiliated to the organisation through a validation
// process (someone who completed a validation link). The screens read them through AffiliationSource, so the
// validation-process work (issue 11) plugs its query in without touching the screens.

export const listAffiliationsQuery = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).catch(0),
  size: z.coerce.number().int().min(1).max(100).optional().catch(undefined),
  search: lineText().trim().max(100).optional().catch(undefined),
});
export type ListAffiliationsQuery = z.infer<typeof listAffiliationsQuery>;

/** One affiliated person, as the list and the detail show them. */
export type AffiliationView = ValidatedPerson & {
  affiliationHexId: string;
  /** The validation link's description, or the flow's name when the process came without a link. */
  validationName: string;
  /** When the person completed the validation. */
  affiliatedAt: string;
};

/** The Spring Data REST page shape every portal list uses. */
export type AffiliationPage = {
  _embedded: { affiliations: AffiliationView[] };
  page: { size: number; totalElements: number; totalPages: number; number: number };
};

/** Where affiliations are read from, always within one organisation. */
export type AffiliationSource = {
  /** One page of the organisation's affiliations, newest first; every search word must match a name, e-mail, phone or id number. */
  list(organizationId: number, query: { words: string[]; skip: number; take: number }): Promise<{ total: number; rows: AffiliationView[] }>;
  /** One affiliation of the organisation, or null (another organisation's is null as well). */
  find(organizationId: number, affiliationHexId: string): Promise<AffiliationView | null>;
};

const searchable = ["firstName", "lastName", "email", "cellPhone", "identNumber"] as const;

function completedProcesses(organizationId: number, words: string[] = []): Prisma.ValidationProcessWhereInput {
  return {
    organizationId,
    status: "COMPLETED",
    AND: words.map((word) => ({ OR: searchable.map((field) => ({ [field]: { contains: word, mode: "insensitive" as const } })) })),
  };
}

const affiliationSelect = {
  hexId: true,
  firstName: true,
  lastName: true,
  email: true,
  cellPhone: true,
  country: true,
  identType: true,
  identNumber: true,
  completedAt: true,
  createdAt: true,
  validationLink: { select: { description: true } },
  flow: { select: { name: true } },
} satisfies Prisma.ValidationProcessSelect;

function affiliationView(row: Prisma.ValidationProcessGetPayload<{ select: typeof affiliationSelect }>): AffiliationView {
  return {
    affiliationHexId: row.hexId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    cellPhone: row.cellPhone,
    country: row.country,
    identType: row.identType,
    identNumber: row.identNumber,
    validationName: row.validationLink?.description || row.flow.name,
    affiliatedAt: (row.completedAt ?? row.createdAt).toISOString(),
  };
}

/** Affiliated people are those whose validation process completed (accepted, when it went through review). */
export const completedValidations: AffiliationSource = {
  async list(organizationId, { words, skip, take }) {
    const where = completedProcesses(organizationId, words);
    const [total, rows] = await db.$transaction([
      db.validationProcess.count({ where }),
      db.validationProcess.findMany({
        where,
        select: affiliationSelect,
        orderBy: [{ completedAt: "desc" }, { id: "desc" }],
        skip,
        take,
      }),
    ]);
    return { total, rows: rows.map(affiliationView) };
  },
  async find(organizationId, affiliationHexId) {
    const row = await db.validationProcess.findFirst({
      where: { ...completedProcesses(organizationId), hexId: affiliationHexId },
      select: affiliationSelect,
    });
    return row ? affiliationView(row) : null;
  },
};

/** The source the screens read. */
const affiliations: AffiliationSource = completedValidations;

export async function listAffiliations(
  context: AuthContext,
  raw: unknown,
  source: AffiliationSource = affiliations,
): Promise<AffiliationPage> {
  const query = listAffiliationsQuery.parse(raw);
  const size = query.size ?? (await getConfigNumber(context.organizationId, "default_page_size"));
  const words = (query.search ?? "").split(/\s+/).filter(Boolean).slice(0, 8);
  const { total, rows } = await source.list(context.organizationId, { words, skip: query.page * size, take: size });
  return {
    _embedded: { affiliations: rows },
    page: { size, totalElements: total, totalPages: Math.ceil(total / size), number: query.page },
  };
}

/** The detail of one affiliation of the caller's organisation; NOT_FOUND otherwise. */
export async function getAffiliation(
  context: AuthContext,
  affiliationHexId: string,
  source: AffiliationSource = affiliations,
): Promise<AffiliationView> {
  const found = /^[0-9a-f]{32}$/.test(affiliationHexId) ? await source.find(context.organizationId, affiliationHexId) : null;
  if (!found) throw new AppError("NOT_FOUND");
  return found;
}
