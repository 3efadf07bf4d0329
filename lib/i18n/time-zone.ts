// Wall-clock dates and times in an IANA time zone (an organisation's organization_tz), with Intl only.
// Days are "YYYY-MM-DD" strings; times are spec §3's "YYYY-MM-DD HH:mm:ss".

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, found);
  }
  return found;
}

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** What `timeZone`'s clocks show at `date`. */
export function wallClock(date: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The calendar day `date` falls on in `timeZone`, as YYYY-MM-DD. */
export function dayInTimeZone(date: Date, timeZone: string): string {
  const c = wallClock(date, timeZone);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
}

/** Spec §3 eventTimestamp format, YYYY-MM-DD HH:mm:ss, read on the clocks of `timeZone`. */
export function formatInTimeZone(date: Date, timeZone: string): string {
  const c = wallClock(date, timeZone);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
}

/** How far `timeZone`'s clocks are ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const c = wallClock(new Date(instant), timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(instant / 1000) * 1000;
}

function parseDay(day: string): [number, number, number] {
  const [year, month, date] = day.split("-").map(Number);
  return [year ?? 1970, month ?? 1, date ?? 1];
}

/** True for a real calendar day written YYYY-MM-DD (no 2025-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = parseDay(value);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The instant `timeZone`'s clocks show the given wall-clock time (months from 1). */
export function instantOnClocks(clock: WallClock, timeZone: string): Date {
  const wall = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  const first = wall - offsetAt(wall, timeZone);
  // Once more with the offset in force at that instant, in case a clock change lies in between.
  return new Date(wall - offsetAt(first, timeZone));
}

/** The instant the day starts (00:00:00) on the clocks of `timeZone`. */
export function startOfDayInTimeZone(day: string, timeZone: string): Date {
  const [year, month, date] = parseDay(day);
  return instantOnClocks({ year, month, day: date, hour: 0, minute: 0, second: 0 }, timeZone);
}

/** The same day `months` calendar months later (or earlier), kept within the month: 03-31 − 1 → 02-28. */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = parseDay(day);
  const firstOfTarget = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0)).getUTCDate();
  return `${pad(firstOfTarget.getUTCFullYear(), 4)}-${pad(firstOfTarget.getUTCMonth() + 1)}-${pad(Math.min(date, lastDay))}`;
}

/** The day after `day`. */
export function nextDay(day: string): string {
  const [year, month, date] = parseDay(day);
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}
