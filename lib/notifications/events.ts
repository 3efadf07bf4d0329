import type { Locale } from "@/lib/i18n/config";
import { translator, type Translate } from "@/lib/i18n/messages";

// What the product notifies, to whom and how (/notifications). Security mails (second-factor codes,
// unlock, password and account links) are not here: no organisation may change or silence them.

export const notificationEvents = ["signerInvited", "signerReminded", "signerRejected", "documentCompleted", "signedCopyReady"] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

export const notificationRecipients = ["SENDER", "ADMINS", "SIGNER"] as const;
export type NotificationRecipient = (typeof notificationRecipients)[number];

export const notificationChannels = ["EMAIL", "SMS"] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export const templateLanguages = ["es-es", "en-us"] as const satisfies readonly Locale[];

export const placeholderNames = [
  "recipientName",
  "organizationName",
  "documentTitle",
  "link",
  "expirationDate",
  "expiryNotice",
  "signerName",
  "reason",
  "shipmentState",
  "signedBy",
  "outcome",
] as const;
export type Placeholder = (typeof placeholderNames)[number];

/** One recipient on one channel: whether it is on without the organisation's choice, and whether it may be changed at all. */
export type RecipientCell = { recipient: NotificationRecipient; channel: NotificationChannel; byDefault: boolean; locked: boolean };

export type TemplateText = { subject: string | null; body: string };

export type EventDefinition = {
  /** The recipient × channel cells this event has. */
  cells: readonly RecipientCell[];
  /** The channels it has a template for. */
  channels: readonly NotificationChannel[];
  placeholders: readonly Placeholder[];
  /** The message exists to carry a personal link: every template of it must keep {link}. */
  linkRequired: boolean;
  /** The mail button's label (messages "mail"). */
  actionKey: string;
  /** The product's own text, from the catalogue, with {placeholders} where the values go. */
  defaults: (t: Translate) => Partial<Record<NotificationChannel, TemplateText>>;
};

const common = ["recipientName", "organizationName", "documentTitle", "link"] as const satisfies readonly Placeholder[];
const tokens = { organization: "{organizationName}", title: "{documentTitle}", name: "{recipientName}", signer: "{signerName}" };
const paragraphs = (...parts: string[]) => parts.join("\n\n");

// A signer's invitation goes to the channel their contact prefers (e-mail, else SMS): both cells are fixed on.
const signerByFavouriteChannel: RecipientCell[] = [
  { recipient: "SIGNER", channel: "EMAIL", byDefault: true, locked: true },
  { recipient: "SIGNER", channel: "SMS", byDefault: true, locked: true },
];

const staffCells: RecipientCell[] = [
  { recipient: "SENDER", channel: "EMAIL", byDefault: true, locked: false },
  { recipient: "ADMINS", channel: "EMAIL", byDefault: false, locked: false },
];

function invitationDefaults(key: "invitation" | "invitation.reminder") {
  return (t: Translate) => ({
    EMAIL: {
      subject: t(`${key}.subject`, tokens),
      body: paragraphs(t("greeting", tokens), t(`${key}.body`, tokens), "{expiryNotice}", "{link}"),
    },
    SMS: { subject: null, body: `${t(`${key}.sms`, tokens)} {link}` },
  });
}

export const eventDefinitions: Record<NotificationEvent, EventDefinition> = {
  signerInvited: {
    cells: signerByFavouriteChannel,
    channels: ["EMAIL", "SMS"],
    placeholders: [...common, "expirationDate", "expiryNotice"],
    linkRequired: true,
    actionKey: "invitation.action",
    defaults: invitationDefaults("invitation"),
  },
  signerReminded: {
    cells: signerByFavouriteChannel,
    channels: ["EMAIL", "SMS"],
    placeholders: [...common, "expirationDate", "expiryNotice"],
    linkRequired: true,
    actionKey: "invitation.action",
    defaults: invitationDefaults("invitation.reminder"),
  },
  signerRejected: {
    cells: staffCells,
    channels: ["EMAIL"],
    placeholders: [...common, "signerName", "reason", "shipmentState"],
    linkRequired: false,
    actionKey: "rejection.action",
    defaults: (t) => ({
      EMAIL: {
        subject: t("rejection.subject", tokens),
        body: paragraphs(
          t("greeting", tokens),
          t("rejection.body", tokens),
          t("rejection.reason", { reason: "{reason}" }),
          "{shipmentState}",
          "{link}",
        ),
      },
    }),
  },
  documentCompleted: {
    cells: staffCells,
    channels: ["EMAIL"],
    placeholders: [...common, "signedBy", "outcome"],
    linkRequired: false,
    actionKey: "completion.senderAction",
    defaults: (t) => ({
      EMAIL: {
        subject: t("completion.subject", tokens),
        body: paragraphs(t("greeting", tokens), t("completion.senderBody", tokens), "{outcome}", "{link}"),
      },
    }),
  },
  signedCopyReady: {
    cells: [{ recipient: "SIGNER", channel: "EMAIL", byDefault: true, locked: false }],
    channels: ["EMAIL"],
    placeholders: [...common],
    linkRequired: true,
    actionKey: "completion.signerAction",
    defaults: (t) => ({
      EMAIL: {
        subject: t("completion.subject", tokens),
        body: paragraphs(t("greeting", tokens), t("completion.signerBody", tokens), "{link}"),
      },
    }),
  },
};

export function isNotificationEvent(value: string): value is NotificationEvent {
  return (notificationEvents as readonly string[]).includes(value);
}

/** The product's text for one event, channel and language; null when the event has no such channel. */
export function defaultTemplate(event: NotificationEvent, channel: NotificationChannel, locale: Locale): TemplateText | null {
  return eventDefinitions[event].defaults(translator(locale, "mail"))[channel] ?? null;
}
