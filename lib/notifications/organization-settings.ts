import type { AuthContext } from "@/lib/auth/context";
import { db, type Tx } from "@/lib/db/client";
import { fromDbLanguage, toDbLanguage, type Locale } from "@/lib/i18n/config";
import {
  defaultTemplate,
  eventDefinitions,
  notificationEvents,
  templateLanguages,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationRecipient,
  type TemplateText,
} from "./events";
import { wholeList } from "@/lib/http/list-page";
import type { EventView, NotificationSettingsView } from "./schemas";
import { templateLimits } from "./template";

/** What one organisation chose for one event: who gets it on which channel, and the text in each language. */
export type EventSettings = {
  isOn: (recipient: NotificationRecipient, channel: NotificationChannel) => boolean;
  /** The organisation's text, else the product's. */
  template: (channel: NotificationChannel, locale: Locale) => TemplateText;
};

type Rows = {
  rules: { event: string; recipient: string; channel: NotificationChannel; enabled: boolean }[];
  templates: { event: string; channel: NotificationChannel; language: string; subject: string | null; body: string }[];
};

async function readRows(organizationId: number, events: readonly NotificationEvent[], tx: Tx | typeof db): Promise<Rows> {
  const where = { organizationId, event: { in: [...events] } };
  const [rules, templates] = await Promise.all([tx.notificationRule.findMany({ where }), tx.notificationTemplate.findMany({ where })]);
  return { rules, templates };
}

function settingsFrom(event: NotificationEvent, rows: Rows): EventSettings {
  const definition = eventDefinitions[event];
  return {
    isOn: (recipient, channel) => {
      const cell = definition.cells.find((c) => c.recipient === recipient && c.channel === channel);
      if (!cell) return false;
      if (cell.locked) return cell.byDefault;
      return rows.rules.find((r) => r.event === event && r.recipient === recipient && r.channel === channel)?.enabled ?? cell.byDefault;
    },
    template: (channel, locale) =>
      ownOrDefault(
        event,
        channel,
        locale,
        rows.templates.find((t) => t.event === event && t.channel === channel && fromDbLanguage(t.language) === locale),
      ),
  };
}

/** The organisation's own text when it has one, else the product's. */
function ownOrDefault(
  event: NotificationEvent,
  channel: NotificationChannel,
  locale: Locale,
  own: TemplateText | null | undefined,
): TemplateText {
  return own ? { subject: own.subject, body: own.body } : (defaultTemplate(event, channel, locale) ?? { subject: null, body: "" });
}

/** For the senders: one event's settings in an organisation (two reads). */
export async function eventSettings(organizationId: number, event: NotificationEvent): Promise<EventSettings> {
  return settingsFrom(event, await readRows(organizationId, [event], db));
}

/**
 * For a sender whose recipients are fixed (a signer's invitation or reminder goes to the signer on their
 * channel whatever the organisation chose): only the text it sends, in one read.
 */
export async function eventTemplate(
  organizationId: number,
  event: NotificationEvent,
  channel: NotificationChannel,
  locale: Locale,
): Promise<TemplateText> {
  const own = await db.notificationTemplate.findUnique({
    where: { organizationId_event_channel_language: { organizationId, event, channel, language: toDbLanguage(locale) } },
    select: { subject: true, body: true },
  });
  return ownOrDefault(event, channel, locale, own);
}

function eventViewOf(event: NotificationEvent, rows: Rows): EventView {
  const definition = eventDefinitions[event];
  const settings = settingsFrom(event, rows);
  return {
    event,
    placeholders: [...definition.placeholders],
    linkRequired: definition.linkRequired,
    recipients: definition.cells.map((cell) => ({ ...cell, enabled: settings.isOn(cell.recipient, cell.channel) })),
    templates: definition.channels.flatMap((channel) =>
      templateLanguages.map((language) => {
        const fallback = defaultTemplate(event, channel, language) ?? { subject: null, body: "" };
        const customised = rows.templates.some(
          (t) => t.event === event && t.channel === channel && fromDbLanguage(t.language) === language,
        );
        return { channel, language, ...settings.template(channel, language), customised, default: fallback };
      }),
    ),
  };
}

/** One event as the screen shows it. */
export async function getEventView(organizationId: number, event: NotificationEvent, tx: Tx | typeof db = db): Promise<EventView> {
  return eventViewOf(event, await readRows(organizationId, [event], tx));
}

/** GET /api/notifications/settings (NOTIFICACION:VIEW): every event of the caller's organisation. */
export async function getNotificationSettings(context: AuthContext): Promise<NotificationSettingsView> {
  const rows = await readRows(context.organizationId, notificationEvents, db);
  return {
    ...wholeList(
      "notificationEvents",
      notificationEvents.map((event) => eventViewOf(event, rows)),
    ),
    limits: { ...templateLimits },
  };
}
