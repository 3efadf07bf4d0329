import { z } from "zod";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { sendMail } from "@/lib/notify/mail";
import { sendSms } from "@/lib/notify/sms";
import type { JobAttempt } from "@/lib/queue/job-attempt";
import { randomHex, sha256Hex } from "@/lib/security/random";
import { composeTemplateMail } from "@/lib/notifications/compose";
import { eventTemplate } from "@/lib/notifications/organization-settings";
import { renderSms } from "@/lib/notifications/template";
import { fromDbLanguage } from "@/lib/i18n/config";
import { safeTimeZone } from "@/lib/i18n/format";
import { translator } from "@/lib/i18n/messages";
import { formatZonedTime } from "@/lib/i18n/zoned-time";
import { activeDocumentStatuses, isActiveDocument, isOpenSigner, openSignerStatuses } from "./shipment-states";
import { organizationTimeZone } from "@/lib/config/organization-time-zone";
import type { deliverInvitationPayload } from "./shipment-jobs";

export type DeliveryOutcome = { deliveryId: number; result: "sent" | "skipped" | "cancelled" };

/** The transport's words without the link: the error is shown to staff, who must never see it. */
function describe(error: unknown, secret: string): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replaceAll(secret, "[link]").slice(0, 500);
}

/** The signing link: the secret travels only in the message; the database keeps its SHA-256. */
export function signerLink(urlSign: string, signerHexId: string): string {
  return `${env().APP_BASE_URL}/sign/${urlSign}/${signerHexId}`;
}

/**
 * Job shipments.deliver-invitation: builds and sends one invitation or reminder. Each attempt issues
 * a fresh link secret, so only the link of the message that went out last works. A delivery that is
 * no longer QUEUED (sent, cancelled, failed) is left alone, which makes duplicate runs harmless.
 */
export async function deliverInvitation(payload: z.infer<typeof deliverInvitationPayload>, attempt: JobAttempt): Promise<DeliveryOutcome> {
  const { deliveryId } = payload;
  const delivery = await db.delivery.findUnique({
    where: { id: deliveryId },
    include: {
      signer: {
        include: { document: { include: { organization: { select: { name: true, hexId: true, logoFileName: true } } } } },
      },
    },
  });
  if (!delivery || delivery.status !== "QUEUED") return { deliveryId, result: "skipped" };
  const { signer } = delivery;
  const cancel = async (): Promise<DeliveryOutcome> => {
    await db.delivery.updateMany({ where: { id: deliveryId, status: "QUEUED" }, data: { status: "CANCELLED" } });
    return { deliveryId, result: "cancelled" };
  };
  if (!isActiveDocument(signer.document.status) || !isOpenSigner(signer.status)) return cancel();

  const urlSign = randomHex(16);
  const issued = await db.signer.updateMany({
    where: { id: signer.id, status: { in: openSignerStatuses }, document: { status: { in: activeDocumentStatuses } } },
    // A new link starts its own count of max_link_uses: it is how staff answer a signer whose link was used up.
    data: { urlSignHash: sha256Hex(urlSign), uses: 0 },
  });
  if (issued.count === 0) return cancel();

  // The organisation's text (else the product's) in the signer's language; the expiry on the
  // organisation's clocks, with the zone: the time the sender typed.
  const event = delivery.kind === "REMINDER" ? "signerReminded" : "signerInvited";
  const { organization } = signer.document;
  const locale = fromDbLanguage(signer.preferredLanguage);
  // Both cells of these events are fixed on: the one template this delivery sends is all there is to read.
  const [zone, template] = await Promise.all([
    organizationTimeZone(signer.document.organizationId),
    eventTemplate(signer.document.organizationId, event, delivery.channel, locale),
  ]);
  const timeZone = safeTimeZone(zone);
  const expires = signer.document.expirationDate
    ? formatZonedTime(signer.document.expirationDate, locale, timeZone, { dateStyle: "long" })
    : "";
  const values = {
    recipientName: signer.firstName,
    organizationName: organization.name,
    documentTitle: signer.document.title,
    expirationDate: expires,
    expiryNotice: expires ? translator(locale, "mail")("invitation.expires", { expires }) : "",
    link: signerLink(urlSign, signer.hexId),
  };
  try {
    if (delivery.channel === "EMAIL") {
      if (!signer.email) throw new Error("The signer has no e-mail address");
      const message = composeTemplateMail(event, template, locale, organization, values);
      await sendMail({ to: signer.email, subject: message.subject, html: message.html, text: message.text });
    } else {
      if (!signer.cellPhone) throw new Error("The signer has no mobile phone");
      await sendSms({ to: signer.cellPhone.replace(/[^\d+]/g, ""), body: renderSms(event, template, values) });
    }
  } catch (error) {
    const reason = describe(error, urlSign);
    const final = attempt.attemptsMade + 1 >= attempt.attempts;
    await db.delivery.update({
      where: { id: deliveryId },
      data: { attempts: { increment: 1 }, error: reason, ...(final ? { status: "FAILED" } : {}) },
    });
    throw new Error(`Delivery ${deliveryId} failed: ${reason}`);
  }
  await db.delivery.update({
    where: { id: deliveryId },
    data: { status: "SENT", sentAt: new Date(), attempts: { increment: 1 }, error: null },
  });
  return { deliveryId, result: "sent" };
}
