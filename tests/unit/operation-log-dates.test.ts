import { describe, expect, it } from "vitest";
import { exportRange } from "@/lib/audit/operation-log-schemas";
import { addMonths, dayInTimeZone, formatInTimeZone, isCalendarDay, nextDay, startOfDayInTimeZone } from "@/lib/i18n/time-zone";

describe("days and times on an organisation's clocks", () => {
  it("formats an instant as YYYY-MM-DD HH:mm:ss in the zone", () => {
    const instant = new Date("2025-03-09T23:30:05.900Z");
    expect(formatInTimeZone(instant, "UTC")).toBe("2025-03-09 23:30:05");
    expect(formatInTimeZone(instant, "Europe/Madrid")).toBe("2025-03-10 00:30:05");
    expect(formatInTimeZone(instant, "America/Bogota")).toBe("2025-03-09 18:30:05");
    expect(formatInTimeZone(new Date("2025-07-01T00:00:00Z"), "Europe/Madrid")).toBe("2025-07-01 02:00:00");
    expect(dayInTimeZone(instant, "Europe/Madrid")).toBe("2025-03-10");
  });

  it("finds the instant a day starts, across clock changes", () => {
    expect(startOfDayInTimeZone("2025-03-10", "Europe/Madrid").toISOString()).toBe("2025-03-09T23:00:00.000Z");
    expect(startOfDayInTimeZone("2025-07-01", "Europe/Madrid").toISOString()).toBe("2025-06-30T22:00:00.000Z");
    // Madrid moves to summer time at 02:00 on 2025-03-30 and back at 03:00 on 2025-10-26.
    expect(startOfDayInTimeZone("2025-03-30", "Europe/Madrid").toISOString()).toBe("2025-03-29T23:00:00.000Z");
    expect(startOfDayInTimeZone("2025-03-31", "Europe/Madrid").toISOString()).toBe("2025-03-30T22:00:00.000Z");
    expect(startOfDayInTimeZone("2025-10-27", "Europe/Madrid").toISOString()).toBe("2025-10-26T23:00:00.000Z");
    expect(startOfDayInTimeZone("2025-03-10", "America/Bogota").toISOString()).toBe("2025-03-10T05:00:00.000Z");
    expect(startOfDayInTimeZone("2025-03-10", "UTC").toISOString()).toBe("2025-03-10T00:00:00.000Z");
  });

  it("moves by calendar months and days, within the month", () => {
    expect(addMonths("2025-03-31", -1)).toBe("2025-02-28");
    expect(addMonths("2024-03-31", -1)).toBe("2024-02-29");
    expect(addMonths("2025-01-15", -1)).toBe("2024-12-15");
    expect(addMonths("2025-12-31", 1)).toBe("2026-01-31");
    expect(nextDay("2025-02-28")).toBe("2025-03-01");
    expect(nextDay("2025-12-31")).toBe("2026-01-01");
  });

  it("accepts real calendar days only", () => {
    expect(isCalendarDay("2024-02-29")).toBe(true);
    expect(isCalendarDay("2025-02-29")).toBe(false);
    expect(isCalendarDay("2025-13-01")).toBe(false);
    expect(isCalendarDay("2025-1-01")).toBe(false);
    expect(isCalendarDay("10/03/2025")).toBe(false);
  });
});

describe("log export range (spec §5: one month at most, start not after end)", () => {
  const today = "2025-03-31";
  it("fills missing dates with the month up to today, or the month from or up to the given day", () => {
    expect(exportRange(undefined, undefined, today)).toEqual({ from: "2025-02-28", to: "2025-03-31" });
    expect(exportRange("2025-01-31", undefined, today)).toEqual({ from: "2025-01-31", to: "2025-02-28" });
    expect(exportRange(undefined, "2025-01-15", today)).toEqual({ from: "2024-12-15", to: "2025-01-15" });
  });

  it("allows exactly one month and refuses more", () => {
    expect(exportRange("2025-01-15", "2025-02-15", today)).toEqual({ from: "2025-01-15", to: "2025-02-15" });
    expect(() => exportRange("2025-01-14", "2025-02-15", today)).toThrow("LOG_EXPORT_RANGE");
    expect(() => exportRange("2024-01-01", "2025-01-01", today)).toThrow("LOG_EXPORT_RANGE");
  });

  it("refuses a start after the end", () => {
    expect(exportRange("2025-02-01", "2025-02-01", today)).toEqual({ from: "2025-02-01", to: "2025-02-01" });
    expect(() => exportRange("2025-02-02", "2025-02-01", today)).toThrow("LOG_EXPORT_DATES");
  });
});
