import { env } from "@/lib/config/env";
import { fromDbLanguage } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/messages";
import { sendMail } from "@/lib/notify/mail";
import { sendSms } from "@/lib/notify/sms";
import { AppError } from "@/lib/errors/app-error";

type Recipient = { email: string; cellPhone: string | null; firstName: string; preferredLanguage: string };

export type AuthMail =
  | { kind: "mfaCode"; code: string }
  | { kind: "passwordReset"; code: string }
  | { kind: "unlock"; code: string }
  | { kind: "emailValidation"; code: string }
  | { kind: "setPassword"; code: string; userHexId: string };

function linkFor(mail: AuthMail): string | undefined {
  const base = env().APP_BASE_URL;
  switch (mail.kind) {
    case "unlock":
      return `${base}/unlock/${mail.code}`;
    case "emailValidation":
      return `${base}/user-validate/${mail.code}`;
    case "setPassword":
      return `${base}/SetPass/${mail.userHexId}?code=${mail.code}`;
    default:
      return undefined;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Mails of the account lifecycle, in the user's language, as HTML and plain text. */
export async function sendAuthMail(user: Recipient, mail: AuthMail): Promise<void> {
  const t = translator(fromDbLanguage(user.preferredLanguage), "mail");
  const link = linkFor(mail);
  const values = { name: user.firstName, code: "code" in mail ? mail.code : "", link: link ?? "" };
  const subject = t(`${mail.kind}.subject`, values);
  const body = t(`${mail.kind}.body`, values);
  const showCode = "code" in mail && !link;
  const text = [
    t("greeting", values),
    "",
    body,
    ...(showCode ? ["", mail.code] : []),
    ...(link ? ["", link] : []),
    "",
    t("signature"),
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">
<p>${escapeHtml(t("greeting", values))}</p><p>${escapeHtml(body)}</p>
${showCode ? `<p style="font-size:24px;letter-spacing:6px;font-weight:bold">${escapeHtml(mail.code)}</p>` : ""}
${link ? `<p><a href="${escapeHtml(link)}" style="background:#0f766e;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(t(`${mail.kind}.action`))}</a></p>` : ""}
<p style="color:#64748b;font-size:12px">${escapeHtml(t("signature"))}</p></body></html>`;
  await sendMail({ to: user.email, subject, html, text });
}

export async function sendAuthSms(user: Recipient, code: string): Promise<void> {
  if (!user.cellPhone) throw new AppError("MFA_CHANNEL_MISSING");
  const t = translator(fromDbLanguage(user.preferredLanguage), "mail");
  await sendSms({ to: user.cellPhone, body: t("mfaCode.sms", { code }) });
}
