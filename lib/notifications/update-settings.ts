import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { toDbLanguage, type Locale } from "@/lib/i18n/config";
import { defaultTemplate, eventDefinitions, isNotificationEvent, type NotificationChannel, type NotificationEvent } from "./events";
import { getEventView } from "./organization-settings";
import { updateEventInput, type EventView } from "./schemas";
import { templateProblem } from "./template";

export function notificationEvent(value: string): NotificationEvent {
  if (!isNotificationEvent(value)) throw new AppError("NOTIFICATION_EVENT_UNKNOWN");
  return value;
}

/** The event has a template on this channel. */
export function assertTemplateChannel(event: NotificationEvent, channel: NotificationChannel): void {
  if (!eventDefinitions[event].channels.includes(channel)) throw new AppError("NOTIFICATION_TEMPLATE_UNKNOWN", { field: "channel" });
}

type Change = { event: string; recordId: string; action: string };

function log(context: AuthContext, ip: string, change: Change, tx: Tx) {
  return logOperation({ module: "NOTIFICACION", organizationId: context.organizationId, userId: context.userId, ip, ...change }, tx);
}

type TemplateKey = { organizationId: number; event: string; channel: NotificationChannel; language: "es_es" | "en_us" };

/**
 * PUT /api/notifications/settings/{event} (NOTIFICACION:UPDATE): recipients turned on or off and
 * templates saved as the organisation's own, all checked before anything is written. A template
 * equal to the product's text is stored as no template, so it follows the product's text. One
 * operation-log row per cell or template that changed.
 */
export async function updateNotificationEvent(context: AuthContext, eventName: string, raw: unknown, ip: string): Promise<EventView> {
  const event = notificationEvent(eventName);
  const definition = eventDefinitions[event];
  const input = updateEventInput.parse(raw);
  for (const cell of input.recipients ?? []) {
    const known = definition.cells.find((c) => c.recipient === cell.recipient && c.channel === cell.channel);
    if (!known) throw new AppError("NOTIFICATION_RECIPIENT_UNKNOWN", { field: "recipients" });
    if (known.locked && cell.enabled !== known.byDefault) throw new AppError("NOTIFICATION_RECIPIENT_FIXED", { field: "recipients" });
  }
  const templates = (input.templates ?? []).map((template) => {
    assertTemplateChannel(event, template.channel);
    const text = { subject: template.channel === "EMAIL" ? (template.subject ?? null) : null, body: template.body.replace(/\r\n?/g, "\n") };
    const problem = templateProblem(event, template.channel, text);
    if (problem) throw new AppError(problem.code, { ...problem.meta, channel: template.channel, language: template.language });
    return { ...template, ...text };
  });

  return db.$transaction(async (tx) => {
    const organizationId = context.organizationId;
    for (const cell of input.recipients ?? []) {
      const known = definition.cells.find((c) => c.recipient === cell.recipient && c.channel === cell.channel)!;
      if (known.locked) continue;
      const where = { organizationId, event, recipient: cell.recipient, channel: cell.channel };
      const current = await tx.notificationRule.findUnique({ where: { organizationId_event_recipient_channel: where } });
      if ((current?.enabled ?? known.byDefault) === cell.enabled) continue;
      await tx.notificationRule.upsert({
        where: { organizationId_event_recipient_channel: where },
        create: { ...where, enabled: cell.enabled },
        update: { enabled: cell.enabled },
      });
      await log(
        context,
        ip,
        {
          event: "NOTIFICATION_RECIPIENT_UPDATE",
          recordId: event,
          action: `NOTIFICATION_RECIPIENT_UPDATE ${event} ${cell.recipient} ${cell.channel}=${cell.enabled ? "on" : "off"}`,
        },
        tx,
      );
    }
    for (const template of templates) {
      const key: TemplateKey = { organizationId, event, channel: template.channel, language: toDbLanguage(template.language) };
      const current = await tx.notificationTemplate.findUnique({ where: { organizationId_event_channel_language: key } });
      const fallback = defaultTemplate(event, template.channel, template.language);
      const isDefault = fallback !== null && fallback.subject === template.subject && fallback.body === template.body;
      if (current ? current.subject === template.subject && current.body === template.body : isDefault) continue;
      if (isDefault) await tx.notificationTemplate.deleteMany({ where: key });
      else
        await tx.notificationTemplate.upsert({
          where: { organizationId_event_channel_language: key },
          create: { ...key, subject: template.subject, body: template.body },
          update: { subject: template.subject, body: template.body },
        });
      // The text is not copied into the log; its size tells one change from another.
      await log(
        context,
        ip,
        {
          event: "NOTIFICATION_TEMPLATE_UPDATE",
          recordId: event,
          action: `NOTIFICATION_TEMPLATE_UPDATE ${event} ${template.channel} ${template.language} (${template.body.length} chars)`,
        },
        tx,
      );
    }
    return getEventView(organizationId, event, tx);
  });
}

/** DELETE /api/notifications/settings/{event}/templates/{channel}/{language} (NOTIFICACION:UPDATE): back to the product's text. */
export async function restoreDefaultTemplate(
  context: AuthContext,
  params: { event: string; channel: NotificationChannel; language: Locale },
  ip: string,
): Promise<EventView> {
  const event = notificationEvent(params.event);
  assertTemplateChannel(event, params.channel);
  return db.$transaction(async (tx) => {
    const removed = await tx.notificationTemplate.deleteMany({
      where: { organizationId: context.organizationId, event, channel: params.channel, language: toDbLanguage(params.language) },
    });
    if (removed.count > 0)
      await log(
        context,
        ip,
        {
          event: "NOTIFICATION_TEMPLATE_RESTORE",
          recordId: event,
          action: `NOTIFICATION_TEMPLATE_RESTORE ${event} ${params.channel} ${params.language}`,
        },
        tx,
      );
    return getEventView(context.organizationId, event, tx);
  });
}
