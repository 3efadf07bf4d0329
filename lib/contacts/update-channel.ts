import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { asDuplicate } from "./contact-data";
import { contactTransactionOptions, findChannel, findContact, toContactView } from "./contact-view";
import { lockOrganization } from "@/lib/db/lock-organization";
import { assertNotDuplicate } from "./duplicates";
import { channelInput } from "./schemas";

/** Changes a channel's type and value; `favorite: true` makes it the favourite, and the favourite cannot be unset. */
export async function updateChannel(context: AuthContext, contactHexId: string, channelHexId: string, raw: unknown, ip: string) {
  const input = channelInput.parse(raw);
  const contact = await db.$transaction(async (tx) => {
    await lockOrganization(tx, context.organizationId, "contacts");
    const current = await findContact(context, contactHexId, tx);
    const channel = findChannel(current, channelHexId);
    if (channel.favorite && input.favorite === false) throw new AppError("CONTACT_FAVORITE_REQUIRED", { field: "favorite" });
    if (current.channels.some((c) => c.id !== channel.id && c.type === input.type && c.value === input.value))
      throw new AppError("CONTACT_CHANNEL_DUPLICATE", { field: "value" });
    if (input.type === "EMAIL")
      await assertNotDuplicate(tx, context.organizationId, { emails: [input.value] }, { exceptContactId: current.id, emailField: "value" });
    const favorite = channel.favorite || input.favorite === true;
    if (favorite && !channel.favorite)
      await tx.contactChannel.updateMany({ where: { contactId: current.id, favorite: true }, data: { favorite: false } });
    await tx.contactChannel
      .update({ where: { id: channel.id }, data: { type: input.type, value: input.value, favorite } })
      .catch((error: unknown) => asDuplicate(error, "CONTACT_CHANNEL_DUPLICATE", "value"));
    await logOperation(
      {
        module: "CONTACTO",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "CONTACT_CHANNEL_UPDATE",
        ip,
        recordId: current.hexId,
        action: `update channel ${channel.hexId}`,
      },
      tx,
    );
    return findContact(context, contactHexId, tx);
  }, contactTransactionOptions);
  return toContactView(contact);
}
