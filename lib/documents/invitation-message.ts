import { env } from "@/lib/config/env";
import { fromDbLanguage } from "@/lib/i18n/config";
import { safeTimeZone } from "@/lib/i18n/format";
import { translator } from "@/lib/i18n/messages";
import { formatZonedTime } from "@/lib/i18n/zoned-time";

export type InvitationKind = "INVITATION" | "REMINDER";

export type InvitationInput = {
  kind: InvitationKind;
  link: string;
  signer: { firstName: string; preferredLanguage: string };
  document: { title: string; expirationDate: Date | null };
  /** timezone: the organisation's organization_tz, the zone the expiry is shown in (and was typed in). */
  organization: { name: string; hexId: string; logoFileName: string | null; timezone: string };
};

export type InvitationMessage = { subject: string; html: string; text: string; sms: string };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The organisation's logo as the signer pages serve it; none when the organisation has not set one. */
export function organizationLogoUrl(organization: { hexId: string; logoFileName: string | null }): string | null {
  return organization.logoFileName ? `${env().APP_BASE_URL}/api/organizations/${organization.hexId}/logo` : null;
}

/** The invitation or reminder to sign, in the signer's language, with the organisation's name and logo. */
export function invitationMessage(input: InvitationInput): InvitationMessage {
  const locale = fromDbLanguage(input.signer.preferredLanguage);
  const t = translator(locale, "mail");
  const key = input.kind === "REMINDER" ? "invitation.reminder" : "invitation";
  const expires = input.document.expirationDate
    ? formatZonedTime(input.document.expirationDate, locale, safeTimeZone(input.organization.timezone), { dateStyle: "long" })
    : "";
  const values = {
    name: input.signer.firstName,
    organization: input.organization.name,
    title: input.document.title,
    expires,
    link: input.link,
  };
  const subject = t(`${key}.subject`, values);
  const body = t(`${key}.body`, values);
  const expiry = expires ? t("invitation.expires", values) : "";
  const logo = organizationLogoUrl(input.organization);
  const text = [
    input.organization.name,
    "",
    t("greeting", values),
    "",
    body,
    ...(expiry ? ["", expiry] : []),
    "",
    input.link,
    "",
    t("signature"),
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">
<div style="display:flex;align-items:center;gap:12px;margin-bottom:16px">${logo ? `<img src="${escapeHtml(logo)}" alt="" height="40">` : ""}<strong>${escapeHtml(input.organization.name)}</strong></div>
<p>${escapeHtml(t("greeting", values))}</p><p>${escapeHtml(body)}</p>
${expiry ? `<p>${escapeHtml(expiry)}</p>` : ""}
<p><a href="${escapeHtml(input.link)}" style="background:#0f766e;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(t("invitation.action"))}</a></p>
<p style="color:#64748b;font-size:12px">${escapeHtml(t("signature"))}</p></body></html>`;
  // The link is appended rather than placed by the translation, so no catalogue text can drop it.
  return { subject, html, text, sms: `${t(`${key}.sms`, values)} ${input.link}` };
}
