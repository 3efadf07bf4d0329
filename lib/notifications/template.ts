import { AppError } from "@/lib/errors/app-error";
import { eventDefinitions, type NotificationChannel, type NotificationEvent, type Placeholder, type TemplateText } from "./events";

// Templates are plain text with {name} placeholders, nothing else: no expressions, no markup. Values
// are put in one pass, so a value that looks like a placeholder ("{link}" typed as a document title)
// stays text; in a mail's HTML every piece, template and value alike, is escaped.

export const templateLimits = { subject: 200, mailBody: 4000, sms: 480 } as const;

const token = /\{([^{}]*)\}/g;

export type TemplateField = "subject" | "body";

/** Why a template cannot be saved: the first problem, with the field at fault. Null when it is fine. */
export function templateProblem(event: NotificationEvent, channel: NotificationChannel, template: TemplateText): AppError | null {
  const definition = eventDefinitions[event];
  const fields: [TemplateField, string | null][] =
    channel === "EMAIL"
      ? [
          ["subject", template.subject],
          ["body", template.body],
        ]
      : [["body", template.body]];
  for (const [field, text] of fields) {
    if (text === null || text.trim() === "") return new AppError("NOTIFICATION_TEXT_REQUIRED", { field });
    const max = field === "subject" ? templateLimits.subject : channel === "SMS" ? templateLimits.sms : templateLimits.mailBody;
    if (text.length > max) return new AppError("NOTIFICATION_TEXT_TOO_LONG", { field, max });
    // A subject is one line and holds no link: links go in the body, where the signer can see where they lead.
    const allowed = field === "subject" ? definition.placeholders.filter((p) => p !== "link") : definition.placeholders;
    for (const match of text.matchAll(token)) {
      const name = match[1] ?? "";
      if (!(allowed as readonly string[]).includes(name))
        return new AppError("NOTIFICATION_PLACEHOLDER_UNKNOWN", {
          field,
          placeholder: `{${name}}`,
          allowed: allowed.map((p) => `{${p}}`).join(", "),
        });
    }
    if (/[{}]/.test(text.replace(token, ""))) return new AppError("NOTIFICATION_BRACES_UNMATCHED", { field });
    if (field === "body" && definition.linkRequired && !text.includes("{link}"))
      return new AppError("NOTIFICATION_LINK_REQUIRED", { field });
  }
  return null;
}

export type TemplateValues = Partial<Record<Placeholder, string>>;

function fill(text: string, values: TemplateValues): string {
  return text.replace(token, (_, name: string) => values[name as Placeholder] ?? "");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The body of a template whose event must carry a link, with the link: a row changed outside the
 * product (the API and the screen refuse it) must still not leave a signer without their link.
 */
function withLink(event: NotificationEvent, body: string): string {
  return eventDefinitions[event].linkRequired && !body.includes("{link}") ? `${body}\n\n{link}` : body;
}

export function renderSms(event: NotificationEvent, template: TemplateText, values: TemplateValues): string {
  return fill(withLink(event, template.body.replace(/\r\n?/g, "\n")), values).trim();
}

/** GSM-7 basic characters (one SMS carries 160 of them); anything else makes the SMS UCS-2 (70). */
const gsm = /^[A-Za-z0-9 \n\r@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà^{}\\[~\]|€]*$/;

/** How long an SMS is and in how many parts it travels. */
export function smsLength(text: string): { length: number; segments: number; unicode: boolean } {
  const unicode = !gsm.test(text);
  const length = [...text].length;
  const [single, part] = unicode ? [70, 67] : [160, 153];
  return { length, segments: length === 0 ? 0 : length <= single ? 1 : Math.ceil(length / part), unicode };
}

export type MailLayout = {
  organizationName: string;
  logoUrl: string | null;
  /** The button's label. */
  action: string;
  /** The product's footer line. */
  signature: string;
};

export type RenderedMail = { subject: string; text: string; html: string };

const button = "background:#0f766e;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none";

/**
 * A mail from a template: the organisation's name and logo, the body's paragraphs (blank lines
 * between them), and the product's footer. A paragraph that is only {link} is the button; {link}
 * inside a sentence is a plain link. Paragraphs that come out empty (an expiry notice without an
 * expiry) are left out. The text part has the same paragraphs with the link written out.
 */
export function renderMail(event: NotificationEvent, template: TemplateText, values: TemplateValues, layout: MailLayout): RenderedMail {
  const subject = fill(template.subject ?? "", values)
    .replace(/\s+/g, " ")
    .trim();
  const blocks = withLink(event, template.body.replace(/\r\n?/g, "\n"))
    .split(/\n[ \t]*\n/)
    .map((block) => block.trim())
    .filter((block) => fill(block, values).trim() !== "");
  const link = values.link ?? "";
  const htmlBlocks = blocks.map((block) => {
    if (block === "{link}") return `<p><a href="${escapeHtml(link)}" style="${button}">${escapeHtml(layout.action)}</a></p>`;
    const parts = block.split("{link}").map((part) => escapeHtml(fill(part, values)).replace(/\n/g, "<br>"));
    return `<p>${parts.join(`<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`;
  });
  const text = [layout.organizationName, "", ...blocks.flatMap((block) => [fill(block, values), ""]), layout.signature].join("\n");
  const logo = layout.logoUrl ? `<img src="${escapeHtml(layout.logoUrl)}" alt="" height="40">` : "";
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a">
<div style="display:flex;align-items:center;gap:12px;margin-bottom:16px">${logo}<strong>${escapeHtml(layout.organizationName)}</strong></div>
${htmlBlocks.join("\n")}
<p style="color:#64748b;font-size:12px">${escapeHtml(layout.signature)}</p></body></html>`;
  return { subject, text, html };
}
