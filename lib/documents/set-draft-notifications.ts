import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { organizationTimeZone } from "@/lib/config/organization-time-zone";
import { AppError } from "@/lib/errors/app-error";
import { instantOf } from "@/lib/i18n/zoned-time";
import { setNotificationsInput } from "./draft-schemas";
import { loadDraftView, lockDraft } from "./draft-records";
import { notificationDatesViolation } from "./sending-rules";

/** Replaces a draft's scheduled notifications: after now, before the expiration, which is chosen first. */
export async function setDraftNotifications(context: AuthContext, documentHexId: string, raw: unknown, ip: string) {
  const input = setNotificationsInput.parse(raw);
  const timeZone = await organizationTimeZone(context.organizationId);
  const sendAts = input.notifications.map((n) => instantOf(n.sendAt, timeZone));
  return db.$transaction(async (tx) => {
    const document = await lockDraft(tx, context, documentHexId);
    if (input.notifications.length > 0 && (await tx.documentFile.count({ where: { documentId: document.id } })) === 0)
      throw new AppError("SHIPMENT_FILE_REQUIRED");
    const violation = notificationDatesViolation(sendAts, document.expirationDate, new Date());
    if (violation) throw violation;
    await tx.scheduledNotification.deleteMany({ where: { documentId: document.id } });
    await tx.scheduledNotification.createMany({ data: sendAts.map((sendAt) => ({ documentId: document.id, sendAt })) });
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
