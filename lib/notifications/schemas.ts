import { z } from "zod";
import { listSchema } from "@/lib/http/list-page";
import { lineText, multiLineText } from "@/lib/validation/text";
import { notificationChannels, notificationEvents, notificationRecipients, templateLanguages } from "./events";

// The shapes of /api/notifications/*, shared by the route handlers, the screen's form and the OpenAPI document.

export const eventSchema = z.enum(notificationEvents).describe("The notification event");
export const channelSchema = z.enum(notificationChannels);
export const recipientSchema = z
  .enum(notificationRecipients)
  .describe("SENDER: who sent the shipment; ADMINS: the organisation's administrators; SIGNER");
export const languageSchema = z.enum(templateLanguages);

/** Limits are checked by templateProblem, with the messages the screen shows; here only the shape. */
const templateFields = {
  subject: lineText().nullable().optional().describe("E-mail only: the subject, one line, with {placeholders}"),
  body: multiLineText().describe(
    "The text with {placeholders}; in a mail, blank lines separate paragraphs and a paragraph that is only {link} is the button",
  ),
};

export const templateInput = z.object({ channel: channelSchema, language: languageSchema, ...templateFields }).strict();

export const updateEventInput = z
  .object({
    recipients: z
      .array(z.object({ recipient: recipientSchema, channel: channelSchema, enabled: z.boolean() }).strict())
      .max(12)
      .optional()
      .describe("Recipient × channel cells to turn on or off; cells left out keep their value"),
    templates: z
      .array(templateInput)
      .max(4)
      .optional()
      .describe("Templates to save as the organisation's own; templates left out keep theirs"),
  })
  .strict();
export type UpdateEventInput = z.infer<typeof updateEventInput>;

export const previewInput = z.object({ event: eventSchema, ...templateInput.shape }).strict();
export type PreviewInput = z.infer<typeof previewInput>;

const recipientView = z.object({
  recipient: recipientSchema,
  channel: channelSchema,
  enabled: z.boolean(),
  byDefault: z.boolean().describe("Whether it is on for an organisation that never changed it"),
  locked: z.boolean().describe("Fixed by the product: a signer's invitation and reminder always go to their preferred channel"),
});

const templateText = z.object({ subject: z.string().nullable(), body: z.string() });

const templateView = z.object({
  channel: channelSchema,
  language: languageSchema,
  subject: z.string().nullable(),
  body: z.string(),
  customised: z.boolean().describe("The organisation's own text; false: the product's text, shown in default"),
  default: templateText,
});

export const eventView = z.object({
  event: eventSchema,
  placeholders: z.array(z.string()).describe("The placeholders its templates may use, without braces"),
  linkRequired: z.boolean().describe("Every template of the event must keep {link}"),
  recipients: z.array(recipientView),
  templates: z.array(templateView),
});
export type EventView = z.infer<typeof eventView>;

/** Every event as the one page of the list shape (`_embedded.notificationEvents`), with the templates' limits. */
export const settingsView = listSchema("notificationEvents", eventView).extend({
  limits: z.object({ subject: z.number(), mailBody: z.number(), sms: z.number() }),
});
export type NotificationSettingsView = z.infer<typeof settingsView>;

export const previewView = z.object({
  subject: z.string().nullable().describe("E-mail: the subject as sent"),
  text: z.string().describe("The text part of the mail, or the SMS"),
  html: z.string().nullable().describe("E-mail: the HTML part"),
  sms: z.object({ length: z.number(), segments: z.number(), unicode: z.boolean() }).nullable().describe("SMS: its length and parts"),
});
export type PreviewView = z.infer<typeof previewView>;
