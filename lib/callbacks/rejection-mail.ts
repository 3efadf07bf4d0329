import type { z } from "zod";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { fromDbLanguage } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/messages";
import { composeMail } from "@/lib/notifications/compose";
import { eventSettings } from "@/lib/notifications/organization-settings";
import { staffRecipients } from "@/lib/notifications/staff-recipients";
import type { JobAttempt } from "@/lib/queue/job-attempt";
import type { rejectionMailPayload } from "./callback-jobs";
import { alreadySent, recordTurnedOff, sendEach, sendLoggedMail, type MailLogEntry } from "./logged-mail";
import { transactionTypes } from "./transaction-log";

/**
 * Job callbacks.rejection-mail: the sender and, when the organisation chose so in /notifications,
 * its administrators learn that a signer rejected, with the reason the signer was told would reach
 * them, and whether the shipment ended or goes on with the others. Recorded in the transaction
 * log; a signer's rejection is mailed once to each.
 */
export async function sendRejectionMail(
  payload: z.infer<typeof rejectionMailPayload>,
  attempt: JobAttempt,
): Promise<{ result: "sent" | "skipped" }> {
  const signer = await db.signer.findUnique({
    where: { id: payload.signerId },
    include: {
      document: {
        include: {
          organization: { select: { name: true, hexId: true, logoFileName: true } },
          sender: { select: { hexId: true, email: true, firstName: true, preferredLanguage: true } },
        },
      },
    },
  });
  const document = signer?.document;
  if (!signer || signer.status !== "REJECTED" || !document) return { result: "skipped" };
  const log: MailLogEntry = {
    organizationId: document.organizationId,
    typeId: transactionTypes.REJECTION_MAIL,
    transactionHexId: document.hexId,
    processType: "ENVIO",
    isSignature: true,
  };
  const prefixFor = (key: string) => `rejection mail to ${key} for signer ${signer.hexId}`;
  const settings = await eventSettings(document.organizationId, "signerRejected");
  const recipients = await staffRecipients(document.organizationId, document.sender, settings);
  if (document.sender && !recipients.some((r) => r.key === "sender")) await recordTurnedOff(log, prefixFor("sender"));
  const base = env().APP_BASE_URL;
  return sendEach(recipients, async (recipient) => {
    const prefix = prefixFor(recipient.key);
    if (await alreadySent(log, prefix)) return "skipped";
    const locale = fromDbLanguage(recipient.preferredLanguage);
    const t = translator(locale, "mail");
    const message = composeMail("signerRejected", settings, locale, document.organization, {
      recipientName: recipient.firstName,
      signerName: `${signer.firstName} ${signer.lastName}`.trim(),
      documentTitle: document.title,
      reason: signer.rejectionReason ?? "—",
      shipmentState: t(document.status === "REJECTED" ? "rejection.ended" : "rejection.continues"),
      link: `${base}/docdetail/${document.hexId}`,
    });
    return sendLoggedMail({
      log,
      prefix,
      kind: "rejection",
      // The sender's keeps the id it had before administrators could be mailed too.
      identity: recipient.key === "sender" ? `${document.hexId}:${signer.hexId}` : `${document.hexId}:${signer.hexId}:${recipient.key}`,
      baseUrl: base,
      attempt,
      failure: `Rejection mail of document ${document.hexId} failed`,
      message: { to: recipient.email, ...message },
    });
  });
}
