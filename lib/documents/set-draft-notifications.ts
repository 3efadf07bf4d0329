import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { setNotificationsInput } from "./draft-schemas";
import { loadDraftView, lockDraft } from "./draft-records";
import { notificationDatesViolation } from "./sending-rules";

/** Replaces a draft's scheduled notifications: after now, before the expiration, which is chosen first. */
export async function setDraftNotifications(context: AuthContext, documentHexId: string, raw: unknown, ip: string) {
  const input = setNotificationsInput.parse(raw);
  return db.$transaction(async (tx) => {
    const document = await lockDraft(tx, context, documentHexId);
    if (input.notifications.length > 0 && (await tx.documentFile.count({ where: { documentId: document.id } })) === 0)
      throw new AppError("SHIPMENT_FILE_REQUIRED");
    const violation = notificationDatesViolation(
      input.notifications.map((n) => n.sendAt),
      document.expirationDate,
      new Date(),
    );
    if (violation) throw violation;
    await tx.scheduledNotification.deleteMany({ where: { documentId: document.id } });
    await tx.scheduledNotification.createMany({ data: input.notifications.map((n) => ({ documentId: document.id, sendAt: n.sendAt })) });
    await logOperation(
      {
        module: "DOCUMENTO",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "DOCUMENT_NOTIFICATIONS_SET",
        ip,
        recordId: document.hexId,
      },
      tx,
    );
    return loadDraftView(document.id, tx);
  });
}
