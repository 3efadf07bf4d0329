import type { AuthContext } from "@/lib/auth/context";
import { env } from "@/lib/config/env";
import { organizationTimeZone } from "@/lib/config/organization-time-zone";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { Locale } from "@/lib/i18n/config";
import { safeTimeZone } from "@/lib/i18n/format";
import { translator } from "@/lib/i18n/messages";
import { formatZonedTime } from "@/lib/i18n/zoned-time";
import { composeTemplateMail } from "./compose";
import { previewInput, type PreviewView } from "./schemas";
import { renderSms, smsLength, templateProblem, type TemplateValues } from "./template";
import { assertTemplateChannel } from "./update-settings";

/** Made-up values in the preview's language, with the caller's organisation's name, logo and zone. */
function sampleValues(locale: Locale, organizationName: string, timeZone: string): TemplateValues {
  const t = translator(locale, "notificationSettings.sample");
  const mail = translator(locale, "mail");
  const expires = formatZonedTime(new Date(Date.now() + 14 * 24 * 3600 * 1000), locale, safeTimeZone(timeZone), { dateStyle: "long" });
  const signed = [t("recipientName"), t("signerName")].join(", ");
  return {
    recipientName: t("recipientName"),
    organizationName,
    documentTitle: t("documentTitle"),
    signerName: t("signerName"),
    reason: t("reason"),
    expirationDate: expires,
    expiryNotice: mail("invitation.expires", { expires }),
    shipmentState: mail("rejection.continues"),
    signedBy: signed,
    outcome: mail("completion.signedBy", { names: signed }),
    link: `${env().APP_BASE_URL}/sign/${"0".repeat(32)}/${"f".repeat(32)}`,
  };
}

/**
 * POST /api/notifications/preview (NOTIFICACION:VIEW): a template rendered with made-up values, as
 * the recipient would get it; checked by the same rules as saving, and nothing is saved.
 */
export async function previewNotification(context: AuthContext, raw: unknown): Promise<PreviewView> {
  const input = previewInput.parse(raw);
  assertTemplateChannel(input.event, input.channel);
  const template = { subject: input.channel === "EMAIL" ? (input.subject ?? null) : null, body: input.body.replace(/\r\n?/g, "\n") };
  const problem = templateProblem(input.event, input.channel, template);
  if (problem) throw new AppError(problem.code, { ...problem.meta, channel: input.channel, language: input.language });
  const organization = await db.organization.findUniqueOrThrow({
    where: { id: context.organizationId },
    select: { name: true, hexId: true, logoFileName: true },
  });
  const values = sampleValues(input.language, organization.name, await organizationTimeZone(context.organizationId));
  if (input.channel === "SMS") {
    const text = renderSms(input.event, template, values);
    return { subject: null, text, html: null, sms: smsLength(text) };
  }
  const mail = composeTemplateMail(input.event, template, input.language, organization, values);
  return { ...mail, sms: null };
}
