import type { Prisma } from "@/lib/db/generated/client";
import type { AuthContext } from "@/lib/auth/context";
import { getConfigNumber } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { contactInclude, toContactView } from "./contact-view";
import { listContactsQuery, type ContactSortField } from "./schemas";

const sortColumn: Record<ContactSortField, keyof Prisma.ContactOrderByWithRelationInput> = {
  name: "firstName",
  lastName: "lastName",
  identNumber: "identNumber",
  createdAt: "createdAt",
};

/**
 * Every word must appear somewhere: in the name, the last name, the identification number or a
 * channel, so "ana garcía" finds Ana García and "garcia@" finds her e-mail.
 */
export function contactSearch(organizationId: number, search: string | undefined): Prisma.ContactWhereInput {
  const words = (search ?? "").split(/\s+/).filter(Boolean).slice(0, 8);
  const contains = (word: string) => ({ contains: word, mode: "insensitive" as const });
  return {
    organizationId,
    AND: words.map((word) => ({
      OR: [
        { firstName: contains(word) },
        { lastName: contains(word) },
        { identNumber: contains(word) },
        { channels: { some: { value: contains(word) } } },
      ],
    })),
  };
}

/** /contacts list: one page of the organisation's contacts in the Spring Data REST page shape. */
export async function listContacts(context: AuthContext, raw: unknown) {
  const query = listContactsQuery.parse(raw);
  const size = query.size ?? (await getConfigNumber(context.organizationId, "default_page_size"));
  const where = contactSearch(context.organizationId, query.search);
  const { field, direction } = query.sort;
  // A stable tiebreak, so a page never repeats or skips a contact with the same sort value.
  const orderBy: Prisma.ContactOrderByWithRelationInput[] = [{ [sortColumn[field]]: direction }, { firstName: "asc" }, { id: "asc" }];
  const [total, rows] = await Promise.all([
    db.contact.count({ where }),
    db.contact.findMany({ where, include: contactInclude, orderBy, skip: query.page * size, take: size }),
  ]);
  return {
    _embedded: { contacts: rows.map(toContactView) },
    page: { size, totalElements: total, totalPages: Math.ceil(total / size), number: query.page },
  };
}
