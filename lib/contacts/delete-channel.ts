import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { contactTransactionOptions, findChannel, findContact, toContactView } from "./contact-view";
import { lockOrganization } from "@/lib/db/lock-organization";

/** Spec §5: the favourite channel cannot be deleted; another one must be made favourite first. */
export async function deleteChannel(context: AuthContext, contactHexId: string, channelHexId: string, ip: string) {
  const contact = await db.$transaction(async (tx) => {
    await lockOrganization(tx, context.organizationId, "contacts");
    const current = await findContact(context, contactHexId, tx);
    const channel = findChannel(current, channelHexId);
    if (channel.favorite) throw new AppError("CONTACT_FAVORITE_DELETE");
    await tx.contactChannel.delete({ where: { id: channel.id } });
    await logOperation(
      {
        module: "CONTACTO",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "CONTACT_CHANNEL_DELETE",
        ip,
        recordId: current.hexId,
        action: `delete ${channel.type} channel ${channel.hexId}`,
      },
      tx,
    );
    return findContact(context, contactHexId, tx);
  }, contactTransactionOptions);
  return toContactView(contact);
}
