import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { contactTransactionOptions } from "./contact-view";
import { lockOrganization } from "@/lib/db/lock-organization";

/** Spec §5: a contact tied to a shipment cannot be deleted. */
export async function deleteContact(context: AuthContext, contactHexId: string, ip: string) {
  await db.$transaction(async (tx) => {
    await lockOrganization(tx, context.organizationId, "contacts");
    // The row lock waits for a signer being tied to this contact right now (its foreign key check
    // holds a key-share lock on the row), so the count below cannot miss it; the database would
    // otherwise unlink that signer silently (ON DELETE SET NULL).
    const locked = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM "Contact" WHERE "hexId" = ${contactHexId} AND "organizationId" = ${context.organizationId} FOR UPDATE`;
    const contactId = locked[0]?.id;
    if (contactId === undefined) throw new AppError("NOT_FOUND");
    const shipments = await tx.signer.count({ where: { contactId } });
    if (shipments > 0) throw new AppError("CONTACT_IN_SHIPMENT");
    await tx.contact.delete({ where: { id: contactId } });
    await logOperation(
      {
        module: "CONTACTO",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "CONTACT_DELETE",
        ip,
        recordId: contactHexId,
      },
      tx,
    );
  }, contactTransactionOptions);
}
