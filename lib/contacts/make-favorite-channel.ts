import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { contactTransactionOptions, findChannel, findContact, toContactView } from "./contact-view";
import { lockOrganization } from "@/lib/db/lock-organization";

/** Makes one channel the favourite and the previous one a plain channel: exactly one favourite per contact. */
export async function makeFavoriteChannel(context: AuthContext, contactHexId: string, channelHexId: string, ip: string) {
  const contact = await db.$transaction(async (tx) => {
    await lockOrganization(tx, context.organizationId, "contacts");
    const current = await findContact(context, contactHexId, tx);
    const channel = findChannel(current, channelHexId);
    if (channel.favorite) return current;
    await tx.contactChannel.updateMany({ where: { contactId: current.id, favorite: true }, data: { favorite: false } });
    await tx.contactChannel.update({ where: { id: channel.id }, data: { favorite: true } });
    await logOperation(
      {
        module: "CONTACTO",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "CONTACT_CHANNEL_FAVORITE",
        ip,
        recordId: current.hexId,
        action: `favourite channel ${channel.hexId}`,
      },
      tx,
    );
    return findContact(context, contactHexId, tx);
  }, contactTransactionOptions);
  return toContactView(contact);
}
