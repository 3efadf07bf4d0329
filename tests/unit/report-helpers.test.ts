import { describe, expect, it } from "vitest";
import { durationParts, reportTimeFormatter } from "@/lib/reports/report-format";
import { addDays, chartDays, containsPattern, daysBetween } from "@/lib/reports/report-sql";
import { reportOfType, shipmentReportQuery } from "@/lib/reports/report-schemas";

describe("report helpers", () => {
  it("names the report of a portal path's type and nothing else", () => {
    expect(reportOfType("REPORT_ENVIO")).toBe("shipments");
    expect(reportOfType("REPORT_SIGNATURE")).toBe("signatures");
    expect(reportOfType("toString")).toBeNull();
    expect(reportOfType("REPORT_OTRO")).toBeNull();
  });

  it("counts calendar days across months, years and a clock change", () => {
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(daysBetween("2026-10-24", "2026-10-26")).toEqual(["2026-10-24", "2026-10-25", "2026-10-26"]);
  });

  it("gives charts the 30 days up to today on the organisation's clocks, and refuses a reversed or too long range", () => {
    // 23:30 UTC on the 2nd is already the 3rd in Madrid.
    expect(chartDays(undefined, undefined, "Europe/Madrid", new Date("2026-11-02T23:30:00Z"))).toEqual({
      from: "2026-10-05",
      to: "2026-11-03",
    });
    expect(chartDays(undefined, undefined, "UTC", new Date("2026-11-02T23:30:00Z")).to).toBe("2026-11-02");
    expect(chartDays("2026-11-01", undefined, "UTC")).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(() => chartDays("2026-11-02", "2026-11-01", "UTC")).toThrow(expect.objectContaining({ code: "LOG_EXPORT_DATES" }));
    expect(() => chartDays("2025-01-01", "2026-11-01", "UTC")).toThrow(expect.objectContaining({ code: "REPORT_RANGE_TOO_LONG" }));
  });

  it("searches LIKE wildcards literally", () => {
    expect(containsPattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });

  it("sorts newest first unless told otherwise, and ignores unknown sort fields", () => {
    expect(shipmentReportQuery.parse({}).sort).toEqual({ field: "createdAt", direction: "desc" });
    expect(shipmentReportQuery.parse({ sort: "title,asc" }).sort).toEqual({ field: "title", direction: "asc" });
    expect(shipmentReportQuery.parse({ sort: "passwordHash,asc" }).sort).toEqual({ field: "createdAt", direction: "asc" });
  });

  it("prints durations in the unit that reads well and times on the zone's clocks", () => {
    expect(durationParts(45 * 60)).toEqual({ unit: "minutes", value: 45 });
    expect(durationParts(5.25 * 3600)).toEqual({ unit: "hours", value: 5.3 });
    expect(durationParts(72 * 3600)).toEqual({ unit: "days", value: 3 });
    expect(reportTimeFormatter("es-es", "Europe/Madrid")("2026-11-02T23:30:00.000Z")).toBe("03/11/2026, 00:30");
    expect(reportTimeFormatter("en-us", "UTC")(null)).toBe("");
  });
});
