import type { z } from "zod";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { fromDbLanguage } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/messages";
import { composeMail } from "@/lib/notifications/compose";
import { eventSettings } from "@/lib/notifications/organization-settings";
import { staffRecipients, type StaffRecipient } from "@/lib/notifications/staff-recipients";
import type { JobAttempt } from "@/lib/queue/job-attempt";
import { filesDownloadToken } from "@/lib/signing/download-link";
import type { completionMailPayload } from "./callback-jobs";
import { alreadySent, recordTurnedOff, sendEach, sendLoggedMail, type MailLogEntry } from "./logged-mail";
import { transactionTypes } from "./transaction-log";

export type CompletionMailOutcome = { result: "sent" | "skipped" };

/** Who signed and who rejected, for the staff: a shipment may complete with an optional signer's rejection. */
export type Outcome = { signed: string[]; rejected: { name: string; reason: string | null }[] };

/** {signedBy} and {outcome} in the recipient's language: never "everyone signed" when one did not. */
function outcomeValues(outcome: Outcome, preferredLanguage: string) {
  const t = translator(fromDbLanguage(preferredLanguage), "mail");
  const signedBy = outcome.signed.join(", ");
  const lines = [
    ...(outcome.signed.length > 0 ? [t("completion.signedBy", { names: signedBy })] : []),
    ...outcome.rejected.map((r) =>
      r.reason ? t("completion.rejectedByWithReason", { name: r.name, reason: r.reason }) : t("completion.rejectedBy", { name: r.name }),
    ),
  ];
  return { signedBy, outcome: lines.join("\n") };
}

const documentInclude = {
  organization: { select: { name: true, hexId: true, logoFileName: true } },
  sender: { select: { hexId: true, email: true, firstName: true, preferredLanguage: true } },
} as const;

/**
 * Job callbacks.completion-mail: once the shipment is sealed, the staff job (no signerId) mails the
 * sender and the organisation's administrators, as the organisation chose in /notifications, the
 * link to the shipment's detail; each signer's job mails that signer their /files-download link.
 * Each mail is a TransactionLog row; a recipient already mailed, or turned off, is not mailed again.
 */
export async function sendCompletionMail(
  payload: z.infer<typeof completionMailPayload>,
  attempt: JobAttempt,
): Promise<CompletionMailOutcome> {
  const document = await db.document.findUnique({ where: { id: payload.documentId }, include: documentInclude });
  if (!document || document.status !== "COMPLETED" || !document.sealedAt) return { result: "skipped" };
  const base = env().APP_BASE_URL;
  const log: MailLogEntry = {
    organizationId: document.organizationId,
    typeId: transactionTypes.COMPLETION_MAIL,
    transactionHexId: document.hexId,
    processType: "ENVIO",
    isSignature: true,
  };
  const send = async (key: string, to: string, message: { subject: string; html: string; text: string }) => {
    const prefix = `completion mail to ${key}`;
    if (await alreadySent(log, prefix)) return "skipped";
    return sendLoggedMail({
      log,
      prefix,
      kind: "completion",
      identity: `${document.hexId}:${key}`,
      baseUrl: base,
      attempt,
      failure: `Completion mail of document ${document.hexId} to ${key} failed`,
      message: { to, ...message },
    });
  };

  if (payload.signerId !== undefined) {
    const signer = await db.signer.findFirst({ where: { id: payload.signerId, documentId: document.id, status: "COMPLETED" } });
    if (!signer?.email) return { result: "skipped" };
    const key = `signer ${signer.hexId}`;
    const settings = await eventSettings(document.organizationId, "signedCopyReady");
    if (!settings.isOn("SIGNER", "EMAIL")) return recordTurnedOff(log, `completion mail to ${key}`);
    const token = await filesDownloadToken(document.hexId, signer.hexId);
    const message = composeMail("signedCopyReady", settings, fromDbLanguage(signer.preferredLanguage), document.organization, {
      recipientName: signer.firstName,
      documentTitle: document.title,
      link: `${base}/files-download/${token}`,
    });
    return sendEach([key], (k) => send(k, signer.email!, message));
  }

  const settings = await eventSettings(document.organizationId, "documentCompleted");
  const recipients = await staffRecipients(document.organizationId, document.sender, settings);
  if (document.sender && !recipients.some((r) => r.key === "sender")) await recordTurnedOff(log, "completion mail to sender");
  if (recipients.length === 0) return { result: "skipped" };
  const signers = await db.signer.findMany({
    where: { documentId: document.id, status: { in: ["COMPLETED", "REJECTED"] } },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { firstName: true, lastName: true, status: true, rejectionReason: true },
  });
  const name = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`.trim();
  const outcome: Outcome = {
    signed: signers.filter((s) => s.status === "COMPLETED").map(name),
    rejected: signers.filter((s) => s.status === "REJECTED").map((s) => ({ name: name(s), reason: s.rejectionReason })),
  };
  return sendEach(recipients, (recipient: StaffRecipient) =>
    send(
      recipient.key,
      recipient.email,
      composeMail("documentCompleted", settings, fromDbLanguage(recipient.preferredLanguage), document.organization, {
        recipientName: recipient.firstName,
        documentTitle: document.title,
        link: `${base}/docdetail/${document.hexId}`,
        ...outcomeValues(outcome, recipient.preferredLanguage),
      }),
    ),
  );
}
