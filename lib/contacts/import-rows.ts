import type { z } from "zod";
import { db, type Db, type Tx } from "@/lib/db/client";
import { errorStatus, type ErrorCode } from "@/lib/errors/codes";
import type { ContactFileRow } from "./contact-file";
import { identKey, takenByOtherContacts } from "./duplicates";
import { createContactInput, type CreateContactInput } from "./schemas";

export type ImportRowError = { field: string; errorCode: ErrorCode };

export type ImportRow = { row: number; values: ContactFileRow; errors: ImportRowError[]; contact?: CreateContactInput };

/** Every problem of a row, not only the first: the preview shows them all at once. */
function rowErrors(error: z.ZodError): ImportRowError[] {
  return error.issues.map((issue) => {
    const field = String(issue.path[0] ?? "");
    const code =
      issue.message in errorStatus ? (issue.message as ErrorCode) : issue.code === "invalid_type" ? "EMPTY_FIELD" : "VALIDATION_FAILED";
    return { field, errorCode: code };
  });
}

/**
 * Checks each row with the same rules as the contact form, then the duplicate rules: against the
 * rows above it in the file and against the organisation's contacts.
 */
export async function validateImportRows(
  organizationId: number,
  rows: { row: number; values: ContactFileRow }[],
  tx: Tx | Db = db,
): Promise<ImportRow[]> {
  const checked: ImportRow[] = rows.map(({ row, values }) => {
    const parsed = createContactInput.safeParse(values);
    return parsed.success ? { row, values, errors: [], contact: parsed.data } : { row, values, errors: rowErrors(parsed.error) };
  });

  const contacts = checked.flatMap((r) => (r.contact ? [r.contact] : []));
  const idents = contacts.flatMap((c) => (c.identType && c.identNumber ? [{ identType: c.identType, identNumber: c.identNumber }] : []));
  const emails = contacts.flatMap((c) => (c.email ? [c.email] : []));
  const taken = await takenByOtherContacts(tx, organizationId, { idents, emails });

  const seenIdents = new Set<string>();
  const seenEmails = new Set<string>();
  for (const row of checked) {
    const contact = row.contact;
    if (!contact) continue;
    if (contact.identType && contact.identNumber) {
      const key = identKey({ identType: contact.identType, identNumber: contact.identNumber });
      if (taken.idents.has(key) || seenIdents.has(key)) row.errors.push({ field: "identNumber", errorCode: "CONTACT_DUPLICATE_IDENT" });
      seenIdents.add(key);
    }
    if (contact.email) {
      if (taken.emails.has(contact.email) || seenEmails.has(contact.email))
        row.errors.push({ field: "email", errorCode: "CONTACT_DUPLICATE_EMAIL" });
      seenEmails.add(contact.email);
    }
    if (row.errors.length > 0) delete row.contact;
  }
  return checked;
}
