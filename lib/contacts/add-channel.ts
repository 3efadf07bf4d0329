import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { asDuplicate } from "./contact-data";
import { contactTransactionOptions, findContact, toContactView } from "./contact-view";
import { lockOrganization } from "@/lib/db/lock-organization";
import { assertNotDuplicate } from "./duplicates";
import { channelInput } from "./schemas";

/** Adds an e-mail or SMS channel; it becomes the favourite when asked to, or when the contact has none. */
export async function addChannel(context: AuthContext, contactHexId: string, raw: unknown, ip: string) {
  const input = channelInput.parse(raw);
  const contact = await db.$transaction(async (tx) => {
    await lockOrganization(tx, context.organizationId, "contacts");
    const current = await findContact(context, contactHexId, tx);
    if (current.channels.some((c) => c.type === input.type && c.value === input.value))
      throw new AppError("CONTACT_CHANNEL_DUPLICATE", { field: "value" });
    if (input.type === "EMAIL")
      await assertNotDuplicate(tx, context.organizationId, { emails: [input.value] }, { exceptContactId: current.id, emailField: "value" });
    const favorite = input.favorite === true || !current.channels.some((c) => c.favorite);
    if (favorite) await tx.contactChannel.updateMany({ where: { contactId: current.id, favorite: true }, data: { favorite: false } });
    const channel = await tx.contactChannel
      .create({ data: { contactId: current.id, type: input.type, value: input.value, favorite } })
      .catch((error: unknown) => asDuplicate(error, "CONTACT_CHANNEL_DUPLICATE", "value"));
    await logOperation(
      {
        module: "CONTACTO",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "CONTACT_CHANNEL_ADD",
        ip,
        recordId: current.hexId,
        action: `add ${channel.type} channel ${channel.hexId}`,
      },
      tx,
    );
    return findContact(context, contactHexId, tx);
  }, contactTransactionOptions);
  return toContactView(contact);
}
