import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { asDuplicate, contactData, initialChannels } from "./contact-data";
import { contactInclude, contactTransactionOptions, toContactView } from "./contact-view";
import { lockOrganization } from "@/lib/db/lock-organization";
import { assertNotDuplicate } from "./duplicates";
import { createContactInput } from "./schemas";

/** Creates a contact with at least one channel; duplicates by identification or e-mail are refused. */
export async function createContact(context: AuthContext, raw: unknown, ip: string) {
  const input = createContactInput.parse(raw);
  const contact = await db.$transaction(async (tx) => {
    await lockOrganization(tx, context.organizationId, "contacts");
    await assertNotDuplicate(tx, context.organizationId, {
      identType: input.identType,
      identNumber: input.identNumber,
      emails: input.email ? [input.email] : [],
    });
    const created = await tx.contact
      .create({
        data: { ...contactData(input), organizationId: context.organizationId, channels: { create: initialChannels(input) } },
        include: contactInclude,
      })
      .catch((error: unknown) => asDuplicate(error, "CONTACT_DUPLICATE_IDENT", "identNumber"));
    await logOperation(
      {
        module: "CONTACTO",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "CONTACT_CREATE",
        ip,
        recordId: created.hexId,
      },
      tx,
    );
    return created;
  }, contactTransactionOptions);
  return toContactView(contact);
}
