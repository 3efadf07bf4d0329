import { z } from "zod";
import { db } from "@/lib/db/client";
import { enqueueJobs } from "@/lib/queue/enqueue";
import { queueDeliveries } from "./invite-signers";
import { isActiveDocument } from "./shipment-states";
import type { sendReminderPayload } from "./shipment-jobs";
import { channelInclude } from "./signer-channel";

/**
 * Job shipments.send-reminder, delayed until the scheduled notification's date: one reminder to
 * every invited signer who has not started. Signers already signing are left alone, because a
 * reminder carries a fresh link and would end the link they are using. Claiming sentAt first
 * makes a second run send nothing.
 */
export async function sendReminder(payload: z.infer<typeof sendReminderPayload>): Promise<{ reminders: number }> {
  const jobs = await db.$transaction(async (tx) => {
    const claimed = await tx.scheduledNotification.updateMany({
      where: { id: payload.notificationId, sentAt: null },
      data: { sentAt: new Date() },
    });
    if (claimed.count === 0) return [];
    const notification = await tx.scheduledNotification.findUniqueOrThrow({
      where: { id: payload.notificationId },
      select: { document: { select: { id: true, status: true } } },
    });
    if (!isActiveDocument(notification.document.status)) return [];
    const signers = await tx.signer.findMany({
      where: { documentId: notification.document.id, status: "PENDING", invitedAt: { not: null } },
      include: channelInclude,
    });
    return queueDeliveries(tx, signers, "REMINDER");
  });
  await enqueueJobs(jobs);
  return { reminders: jobs.length };
}
