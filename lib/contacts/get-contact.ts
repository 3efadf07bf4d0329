import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { findContact, toContactView } from "./contact-view";

/** Contact view: the contact, its channels, and how many shipments it signs in (those keep it from deletion). */
export async function getContact(context: AuthContext, contactHexId: string) {
  const contact = await findContact(context, contactHexId);
  const shipments = await db.signer.count({ where: { contactId: contact.id } });
  return { ...toContactView(contact), shipments };
}
