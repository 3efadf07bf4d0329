import { env } from "@/lib/config/env";
import type { Locale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/messages";
import { eventDefinitions, type NotificationEvent, type TemplateText } from "./events";
import type { EventSettings } from "./organization-settings";
import { renderMail, type RenderedMail, type TemplateValues } from "./template";

export type MailOrganization = { name: string; hexId: string; logoFileName: string | null };

/** The organisation's logo as the signer pages serve it; none when the organisation has not set one. */
export function organizationLogoUrl(organization: { hexId: string; logoFileName: string | null }): string | null {
  return organization.logoFileName ? `${env().APP_BASE_URL}/api/organizations/${organization.hexId}/logo` : null;
}

/** A mail of one event from a template, in the recipient's language, with the organisation's name and logo. */
export function composeTemplateMail(
  event: NotificationEvent,
  template: TemplateText,
  locale: Locale,
  organization: MailOrganization,
  values: TemplateValues,
): RenderedMail {
  const t = translator(locale, "mail");
  return renderMail(event, template, values, {
    organizationName: organization.name,
    logoUrl: organizationLogoUrl(organization),
    action: t(eventDefinitions[event].actionKey),
    signature: t("signature"),
  });
}

/** The organisation's mail for one event (its text, else the product's). */
export function composeMail(
  event: NotificationEvent,
  settings: EventSettings,
  locale: Locale,
  organization: MailOrganization,
  values: Omit<TemplateValues, "organizationName">,
): RenderedMail {
  return composeTemplateMail(event, settings.template("EMAIL", locale), locale, organization, {
    ...values,
    organizationName: organization.name,
  });
}
