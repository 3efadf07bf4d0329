import type { Db, Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

// Spec §5 duplicates: one contact per identification and per e-mail inside an organisation.

export type IdentKey = { identType: string; identNumber: string };

export const identKey = (ident: IdentKey) => `${ident.identType}\u0000${ident.identNumber}`;

/** Identifications and e-mails among the given ones that another contact of the organisation already has. */
export async function takenByOtherContacts(
  tx: Tx | Db,
  organizationId: number,
  candidates: { idents: IdentKey[]; emails: string[] },
  exceptContactId?: number,
): Promise<{ idents: Set<string>; emails: Set<string> }> {
  const others = exceptContactId === undefined ? {} : { id: { not: exceptContactId } };
  const [contacts, channels] = await Promise.all([
    candidates.idents.length === 0
      ? []
      : tx.contact.findMany({
          where: { organizationId, ...others, OR: candidates.idents.map((i) => ({ identType: i.identType, identNumber: i.identNumber })) },
          select: { identType: true, identNumber: true },
        }),
    candidates.emails.length === 0
      ? []
      : tx.contactChannel.findMany({
          where: { type: "EMAIL", value: { in: candidates.emails }, contact: { organizationId, ...others } },
          select: { value: true },
        }),
  ]);
  return {
    idents: new Set(contacts.map((c) => identKey({ identType: c.identType ?? "", identNumber: c.identNumber ?? "" }))),
    emails: new Set(channels.map((c) => c.value)),
  };
}

/** Refuses a contact whose identification or one of whose e-mails belongs to another contact. */
export async function assertNotDuplicate(
  tx: Tx,
  organizationId: number,
  candidate: { identType?: string | null; identNumber?: string | null; emails: string[] },
  options: { exceptContactId?: number; emailField?: string } = {},
): Promise<void> {
  const idents =
    candidate.identType && candidate.identNumber ? [{ identType: candidate.identType, identNumber: candidate.identNumber }] : [];
  const taken = await takenByOtherContacts(tx, organizationId, { idents, emails: candidate.emails }, options.exceptContactId);
  if (taken.idents.size > 0) throw new AppError("CONTACT_DUPLICATE_IDENT", { field: "identNumber" });
  const email = candidate.emails.find((e) => taken.emails.has(e));
  if (email) throw new AppError("CONTACT_DUPLICATE_EMAIL", { field: options.emailField ?? "email" });
}
