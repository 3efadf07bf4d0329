import { z } from "zod";
import { lineText } from "@/lib/validation/text";
import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { writeContactFile } from "./contact-file";
import { contactInclude, toContactView } from "./contact-view";
import { contactSearch } from "./list-contacts";

export const exportContactsQuery = z.object({
  format: z.enum(["xlsx", "csv"], { error: "VALIDATION_FAILED" }).default("xlsx"),
  search: lineText().trim().max(100).optional(),
});

const contentTypes = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
} as const;

/** The organisation's contacts (those the search finds, when given) as an XLSX or CSV file that imports back. */
export async function exportContacts(context: AuthContext, raw: unknown, ip: string) {
  const query = exportContactsQuery.parse(raw);
  const contacts = await db.contact.findMany({
    where: contactSearch(context.organizationId, query.search),
    include: contactInclude,
    orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
  });
  const rows = contacts.map(toContactView).map((c) => ({
    name: c.name,
    lastName: c.lastName,
    country: c.country ?? "",
    identType: c.identType ?? "",
    identNumber: c.identNumber ?? "",
    fingerprintCode: c.fingerprintCode ?? "",
    email: c.email ?? "",
    phone: c.phone ?? "",
    preferredLanguage: c.preferredLanguage,
  }));
  const body = await writeContactFile(query.format, rows);
  await logOperation({
    module: "CONTACTO",
    organizationId: context.organizationId,
    userId: context.userId,
    event: "CONTACT_EXPORT",
    ip,
    action: `export ${rows.length} contacts as ${query.format}`,
  });
  const day = new Date().toISOString().slice(0, 10);
  return { body, contentType: contentTypes[query.format], fileName: `contacts-${day}.${query.format}` };
}
