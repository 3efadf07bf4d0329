// Times shown to people (portal, /validateDocs, mails, the audit certificate): always on the clocks of
// the organisation's zone and always followed by that zone, so "18:00" never leaves a reader guessing.
// Pure (Intl only): server code and client components share it. The zone arithmetic is time-zone.ts's.

import { instantOnClocks, wallClock } from "./time-zone";

type Style = "short" | "medium" | "long";

const language = (locale: string) => (locale.toLowerCase().startsWith("en") ? "en-GB" : "es-ES");

/** The zone as printed after a time: "UTC", or the IANA name with the offset in force at that instant ("Europe/Madrid, GMT+2"). */
export function zoneLabel(date: Date, timeZone: string): string {
  if (timeZone === "UTC" || timeZone === "Etc/UTC") return "UTC";
  const offset =
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "shortOffset" }).formatToParts(date).find((p) => p.type === "timeZoneName")
      ?.value ?? "";
  return offset ? `${timeZone}, ${offset}` : timeZone;
}

/**
 * "30/11/2026, 18:00 (Europe/Madrid, GMT+1)": date and time on `timeZone`'s clocks, then the zone.
 * `seconds` for audit events, where the order within a minute matters.
 */
export function formatZonedTime(
  value: Date | string,
  locale: string,
  timeZone: string,
  options: { dateStyle?: Style; seconds?: boolean } = {},
): string {
  const date = typeof value === "string" ? new Date(value) : value;
  const text = new Intl.DateTimeFormat(language(locale), {
    dateStyle: options.dateStyle ?? "short",
    timeStyle: options.seconds ? "medium" : "short",
    timeZone,
  }).format(date);
  return `${text} (${zoneLabel(date, timeZone)})`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as a datetime-local value ("YYYY-MM-DDTHH:mm") on `timeZone`'s clocks; "" for none. */
export function toZonedInput(value: Date | string | null, timeZone: string): string {
  if (!value) return "";
  const p = wallClock(typeof value === "string" ? new Date(value) : value, timeZone);
  return `${String(p.year).padStart(4, "0")}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

const wallClockPattern = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Whether a text is a wall-clock time without a zone, as a datetime-local input sends it. */
export function isWallClock(value: string): boolean {
  return wallClockPattern.test(value.trim());
}

/**
 * The instant a wall-clock time ("2026-11-30T18:00", what a datetime-local input holds) names on
 * `timeZone`'s clocks: typed 18:00 in Madrid is 17:00Z in winter and 16:00Z in summer. A text with its
 * own zone ("…Z", "…+01:00") is that instant. Invalid text gives an invalid Date.
 */
export function instantOf(value: string, timeZone: string): Date {
  const match = wallClockPattern.exec(value.trim());
  if (!match) return new Date(value);
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const day = new Date(Date.UTC(y!, mo! - 1, d!));
  if (day.getUTCMonth() !== mo! - 1 || day.getUTCDate() !== d! || h! > 23 || mi! > 59 || (s ?? 0) > 59) return new Date(Number.NaN);
  return instantOnClocks({ year: y!, month: mo!, day: d!, hour: h!, minute: mi!, second: s || 0 }, timeZone);
}
