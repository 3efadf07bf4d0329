// Pure: how the report screens and files print times and durations (client components and exports share it).

/** "25/11/2026, 14:05" on `timeZone`'s clocks; the zone is said once, beside the table or in the file's header. */
export function reportTimeFormatter(locale: string, timeZone: string): (iso: string | null) => string {
  const format = new Intl.DateTimeFormat(locale.toLowerCase().startsWith("en") ? "en-GB" : "es-ES", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  });
  return (iso) => (iso ? format.format(new Date(iso)) : "");
}

/** A duration as the largest unit that reads well: minutes under two hours, hours under two days, then days (one decimal). */
export function durationParts(seconds: number): { unit: "minutes" | "hours" | "days"; value: number } {
  if (seconds < 2 * 3600) return { unit: "minutes", value: Math.round(seconds / 60) };
  if (seconds < 48 * 3600) return { unit: "hours", value: Math.round(seconds / 360) / 10 };
  return { unit: "days", value: Math.round(seconds / 8640) / 10 };
}
