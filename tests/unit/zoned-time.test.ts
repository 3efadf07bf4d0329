import { describe, expect, it } from "vitest";
import { formatZonedTime, instantOf, isWallClock, toZonedInput } from "@/lib/i18n/zoned-time";

// Issue 16, point 16: an expiry typed as 18:00 was shown and mailed as 19:00, and times went unlabelled.
describe("times typed and shown on the organisation's clocks", () => {
  it("reads a typed 18:00 in Madrid as 16:00Z in summer and 17:00Z in winter, and shows it back as 18:00 with the zone", () => {
    const summer = instantOf("2027-07-15T18:00", "Europe/Madrid");
    const winter = instantOf("2027-01-15T18:00", "Europe/Madrid");
    expect(summer.toISOString()).toBe("2027-07-15T16:00:00.000Z");
    expect(winter.toISOString()).toBe("2027-01-15T17:00:00.000Z");
    expect(formatZonedTime(summer, "es-es", "Europe/Madrid")).toBe("15/7/27, 18:00 (Europe/Madrid, GMT+2)");
    expect(formatZonedTime(winter, "en-us", "Europe/Madrid")).toBe("15/01/2027, 18:00 (Europe/Madrid, GMT+1)");
    expect(toZonedInput(summer, "Europe/Madrid")).toBe("2027-07-15T18:00");
    expect(toZonedInput(winter.toISOString(), "Europe/Madrid")).toBe("2027-01-15T18:00");
  });

  it("keeps an instant that carries its own zone, labels UTC as UTC, and refuses impossible dates", () => {
    expect(instantOf("2027-01-15T18:00:00Z", "Europe/Madrid").toISOString()).toBe("2027-01-15T18:00:00.000Z");
    expect(instantOf("2027-01-15T18:00:00+01:00", "America/Bogota").toISOString()).toBe("2027-01-15T17:00:00.000Z");
    expect(formatZonedTime("2027-01-15T18:00:00Z", "es-es", "UTC", { seconds: true })).toBe("15/1/27, 18:00:00 (UTC)");
    expect(Number.isNaN(instantOf("2027-02-30T18:00", "Europe/Madrid").getTime())).toBe(true);
    expect(Number.isNaN(instantOf("mañana", "Europe/Madrid").getTime())).toBe(true);
    expect(isWallClock("2027-01-15T18:00")).toBe(true);
    expect(isWallClock("2027-01-15T18:00Z")).toBe(false);
  });
});
