import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { asDuplicate, contactData } from "./contact-data";
import { contactInclude, contactTransactionOptions, findContact, toContactView } from "./contact-view";
import { lockOrganization } from "@/lib/db/lock-organization";
import { assertNotDuplicate } from "./duplicates";
import { updateContactInput } from "./schemas";

/** Edits a contact's own data; its channels change through the channel use cases. */
export async function updateContact(context: AuthContext, contactHexId: string, raw: unknown, ip: string) {
  const input = updateContactInput.parse(raw);
  const contact = await db.$transaction(async (tx) => {
    await lockOrganization(tx, context.organizationId, "contacts");
    const current = await findContact(context, contactHexId, tx);
    await assertNotDuplicate(
      tx,
      context.organizationId,
      { identType: input.identType, identNumber: input.identNumber, emails: [] },
      { exceptContactId: current.id },
    );
    const updated = await tx.contact
      .update({ where: { id: current.id }, data: contactData(input), include: contactInclude })
      .catch((error: unknown) => asDuplicate(error, "CONTACT_DUPLICATE_IDENT", "identNumber"));
    await logOperation(
      {
        module: "CONTACTO",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "CONTACT_UPDATE",
        ip,
        recordId: updated.hexId,
      },
      tx,
    );
    return updated;
  }, contactTransactionOptions);
  return toContactView(contact);
}
