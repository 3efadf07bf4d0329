import { createHash } from "node:crypto";
import { z } from "zod";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { fromDbLanguage } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/messages";
import { sendMail } from "@/lib/notify/mail";
import type { JobAttempt } from "@/lib/queue/job-attempt";
import { composeMail } from "./completion-mail";
import { recordTransaction, transactionTypes } from "./transaction-log";

export const rejectionMailPayload = z.object({ signerId: z.number().int().positive() }).strict();

/**
 * Job callbacks.rejection-mail: the sender learns that a signer rejected, with the reason the signer
 * was told would reach them, and whether the shipment ended or goes on with the others. Recorded in
 * the transaction log; a signer's rejection is mailed once.
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
          sender: { select: { email: true, firstName: true, preferredLanguage: true } },
        },
      },
    },
  });
  const document = signer?.document;
  if (!signer || signer.status !== "REJECTED" || !document?.sender) return { result: "skipped" };
  const log = {
    organizationId: document.organizationId,
    typeId: transactionTypes.REJECTION_MAIL,
    transactionHexId: document.hexId,
    processType: "ENVIO" as const,
    isSignature: true,
  };
  const prefix = `rejection mail to sender for signer ${signer.hexId}`;
  if ((await db.transactionLog.count({ where: { ...log, resultSuccess: true, description: { startsWith: `${prefix}:` } } })) > 0)
    return { result: "skipped" };

  const sender = document.sender;
  const t = translator(fromDbLanguage(sender.preferredLanguage), "mail");
  const values = {
    name: sender.firstName,
    signer: `${signer.firstName} ${signer.lastName}`.trim(),
    title: document.title,
    reason: signer.rejectionReason ?? "—",
  };
  const base = env().APP_BASE_URL;
  const message = {
    subject: t("rejection.subject", values),
    ...composeMail(document.organization, {
      greeting: t("greeting", values),
      paragraphs: [
        t("rejection.body", values),
        t("rejection.reason", values),
        t(document.status === "REJECTED" ? "rejection.ended" : "rejection.continues", values),
      ],
      action: t("rejection.action", values),
      link: `${base}/docdetail/${document.hexId}`,
      signature: t("signature"),
    }),
  };
  try {
    const idPart = createHash("sha256").update(`rejection:${document.hexId}:${signer.hexId}`).digest("hex").slice(0, 32);
    await sendMail({ to: sender.email, ...message, messageId: `<rejection-${idPart}@${new URL(base).hostname}>` });
  } catch (error) {
    const final = attempt.attemptsMade + 1 >= attempt.attempts;
    // The transport's words may hold the address: only the error's name goes to the log.
    const reason = error instanceof Error ? error.name : "unknown";
    await recordTransaction({
      ...log,
      resultSuccess: false,
      description: `${prefix}: failed (${reason})${final ? "; no more attempts" : "; will retry"}`,
    });
    throw new Error(`Rejection mail of document ${document.hexId} failed: ${reason}`);
  }
  await recordTransaction({ ...log, resultSuccess: true, description: `${prefix}: sent` });
  return { result: "sent" };
}
