import { z } from "zod";
import {
  eventSchema,
  eventView,
  channelSchema,
  languageSchema,
  previewInput,
  previewView,
  settingsView,
  updateEventInput,
} from "@/lib/notifications/schemas";
import { operationGroup } from "./common";

// The organisation's notifications (/notifications): who gets each event, on which channel, with which text.

const event = { schema: eventView, component: "NotificationEvent" };
const eventPath = z.object({ event: eventSchema });
const rules =
  "Templates are plain text with {placeholders} of the event (see `placeholders`); an unknown one answers NOTIFICATION_PLACEHOLDER_UNKNOWN, a stray brace NOTIFICATION_BRACES_UNMATCHED, " +
  "a missing {link} where the event carries a personal link NOTIFICATION_LINK_REQUIRED, an empty text NOTIFICATION_TEXT_REQUIRED and a text over the limits NOTIFICATION_TEXT_TOO_LONG (with max); " +
  "these errors carry field (subject or body), channel and language. Values are put in as text and escaped in the HTML part.";

export const notificationOperations = operationGroup(
  "Notifications",
  "tokenOrApiKey",
)({
  getNotificationSettings: {
    method: "get",
    path: "/api/notifications/settings",
    requires: { kind: "privilege", module: "NOTIFICACION", action: "VIEW" },
    tenancy: "organization",
    summary: "Every notification event of the caller's organisation: recipients × channels and templates per channel and language",
    description:
      "A template the organisation has not customised shows the product's text (customised false); `default` is always the product's text.",
    responses: {
      200: {
        description: "Every event, as the one page of _embedded.notificationEvents, and the templates' limits",
        body: { schema: settingsView, component: "NotificationSettings" },
      },
    },
  },
  updateNotificationEvent: {
    method: "put",
    path: "/api/notifications/settings/{event}",
    requires: { kind: "privilege", module: "NOTIFICACION", action: "UPDATE" },
    tenancy: "organization",
    summary: "Turn recipients on or off and save templates of one event",
    description:
      `${rules} A signer's invitation and reminder cannot be turned off (NOTIFICATION_RECIPIENT_FIXED); a cell the event lacks answers NOTIFICATION_RECIPIENT_UNKNOWN. ` +
      "Nothing is written unless everything sent is valid. A template equal to the product's text is stored as not customised. One operation-log row per change.",
    pathParams: eventPath,
    body: { schema: updateEventInput, component: "UpdateNotificationEventInput" },
    responses: { 200: { description: "The event as saved", body: event } },
  },
  restoreNotificationTemplate: {
    method: "delete",
    path: "/api/notifications/settings/{event}/templates/{channel}/{language}",
    requires: { kind: "privilege", module: "NOTIFICACION", action: "UPDATE" },
    tenancy: "organization",
    summary: "Restore the product's text of one template",
    description: "Writes an operation-log row when there was a customised text to remove.",
    pathParams: z.object({ event: eventSchema, channel: channelSchema, language: languageSchema }),
    responses: { 200: { description: "The event with the template restored", body: event } },
  },
  previewNotification: {
    method: "post",
    path: "/api/notifications/preview",
    requires: { kind: "privilege", module: "NOTIFICACION", action: "VIEW" },
    tenancy: "organization",
    summary: "Render a template with sample data, as the recipient would get it, without saving",
    description: `${rules} The organisation's name and logo are its own; the other values are samples.`,
    body: { schema: previewInput, component: "NotificationPreviewInput" },
    responses: { 200: { description: "The rendered message", body: { schema: previewView, component: "NotificationPreview" } } },
  },
});
