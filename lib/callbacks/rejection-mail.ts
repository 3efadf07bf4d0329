import { z } from "zod";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { fromDbLanguage } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/messages";
import type { JobAttempt } from "@/lib/queue/job-attempt";
import { composeMail } from "./completion-mail";
import { alreadySent, sendLoggedMail } from "./logged-mail";
import { transactionTypes } from "./transaction-log";

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
  if (await alreadySent(log, prefix)) return { result: "skipped" };

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
  return sendLoggedMail({
    log,
    prefix,
    kind: "rejection",
    identity: `${document.hexId}:${signer.hexId}`,
    baseUrl: base,
    attempt,
    failure: `Rejection mail of document ${document.hexId} failed`,
    message: { to: sender.email, ...message },
  });
}
