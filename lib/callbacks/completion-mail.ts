import { z } from "zod";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { organizationLogoUrl } from "@/lib/documents/invitation-message";
import { fromDbLanguage } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/messages";
import type { JobAttempt } from "@/lib/queue/job-attempt";
import { filesDownloadToken } from "@/lib/signing/download-link";
import { alreadySent, sendLoggedMail } from "./logged-mail";
import { transactionTypes } from "./transaction-log";

export const completionMailPayload = z
  .object({ documentId: z.number().int().positive(), signerId: z.number().int().positive().optional() })
  .strict();

export type CompletionMailOutcome = { result: "sent" | "skipped" };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

type Recipient = { role: "sender" | "signer"; email: string; firstName: string; preferredLanguage: string; link: string; key: string };

type Organization = { name: string; hexId: string; logoFileName: string | null };

/** A platform mail: the organisation's name and logo, a greeting, paragraphs, one button with its link appended in the text part. */
export function composeMail(
  organization: Organization,
  parts: { greeting: string; paragraphs: string[]; action: string; link: string; signature: string },
): { html: string; text: string } {
  const logo = organizationLogoUrl(organization);
  // The link is appended rather than placed by the translation, so no catalogue text can drop it.
  const text = [
    organization.name,
    "",
    parts.greeting,
    "",
    ...parts.paragraphs.flatMap((p) => [p, ""]),
    parts.link,
    "",
    parts.signature,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">
<div style="display:flex;align-items:center;gap:12px;margin-bottom:16px">${logo ? `<img src="${escapeHtml(logo)}" alt="" height="40">` : ""}<strong>${escapeHtml(organization.name)}</strong></div>
<p>${escapeHtml(parts.greeting)}</p>${parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}
<p><a href="${escapeHtml(parts.link)}" style="background:#0f766e;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(parts.action)}</a></p>
<p style="color:#64748b;font-size:12px">${escapeHtml(parts.signature)}</p></body></html>`;
  return { html, text };
}

/** Who signed and who rejected, for the sender: a shipment may complete with an optional signer's rejection. */
export type Outcome = { signed: string[]; rejected: { name: string; reason: string | null }[] };

/**
 * The completion mail in the recipient's language: the shipment is signed, and the link to the signed
 * PDF. The sender's says who signed and who rejected (with the reason), never "everyone signed" when one did not.
 */
export function completionMessage(recipient: Recipient, document: { title: string }, organization: Organization, outcome?: Outcome) {
  const t = translator(fromDbLanguage(recipient.preferredLanguage), "mail");
  const values = { name: recipient.firstName, organization: organization.name, title: document.title };
  const subject = t("completion.subject", values);
  const paragraphs =
    recipient.role === "sender"
      ? [
          t("completion.senderBody", values),
          ...(outcome && outcome.signed.length > 0 ? [t("completion.signedBy", { names: outcome.signed.join(", ") })] : []),
          ...(outcome?.rejected ?? []).map((r) =>
            r.reason
              ? t("completion.rejectedByWithReason", { name: r.name, reason: r.reason })
              : t("completion.rejectedBy", { name: r.name }),
          ),
        ]
      : [t("completion.signerBody", values)];
  const action = t(recipient.role === "sender" ? "completion.senderAction" : "completion.signerAction", values);
  return {
    subject,
    ...composeMail(organization, { greeting: t("greeting", values), paragraphs, action, link: recipient.link, signature: t("signature") }),
  };
}

/**
 * Job callbacks.completion-mail: once the shipment is sealed, its sender (no signerId) gets the link
 * to the shipment's detail and each signer who signed gets their /files-download link. Each mail is
 * a TransactionLog row; a recipient already mailed is not mailed again.
 */
export async function sendCompletionMail(
  payload: z.infer<typeof completionMailPayload>,
  attempt: JobAttempt,
): Promise<CompletionMailOutcome> {
  const document = await db.document.findUnique({
    where: { id: payload.documentId },
    include: {
      organization: { select: { name: true, hexId: true, logoFileName: true } },
      sender: { select: { email: true, firstName: true, preferredLanguage: true } },
    },
  });
  if (!document || document.status !== "COMPLETED" || !document.sealedAt) return { result: "skipped" };
  const base = env().APP_BASE_URL;
  let recipient: Recipient | null = null;
  if (payload.signerId === undefined) {
    if (document.sender) recipient = { role: "sender", ...document.sender, link: `${base}/docdetail/${document.hexId}`, key: "sender" };
  } else {
    const signer = await db.signer.findFirst({ where: { id: payload.signerId, documentId: document.id, status: "COMPLETED" } });
    if (signer?.email) {
      const token = await filesDownloadToken(document.hexId, signer.hexId);
      recipient = {
        role: "signer",
        email: signer.email,
        firstName: signer.firstName,
        preferredLanguage: signer.preferredLanguage,
        link: `${base}/files-download/${token}`,
        key: `signer ${signer.hexId}`,
      };
    }
  }
  if (!recipient) return { result: "skipped" };

  const log = {
    organizationId: document.organizationId,
    typeId: transactionTypes.COMPLETION_MAIL,
    transactionHexId: document.hexId,
    processType: "ENVIO" as const,
    isSignature: true,
  };
  const prefix = `completion mail to ${recipient.key}`;
  if (await alreadySent(log, prefix)) return { result: "skipped" };

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
  return sendLoggedMail({
    log,
    prefix,
    kind: "completion",
    identity: `${document.hexId}:${recipient.key}`,
    baseUrl: base,
    attempt,
    failure: `Completion mail of document ${document.hexId} to ${recipient.key} failed`,
    message: { to: recipient.email, ...completionMessage(recipient, document, document.organization, outcome) },
  });
}
