import { describe, expect, it } from "vitest";
import { linkState } from "@/lib/validations/link-records";
import { pinHash, pinMatches } from "@/lib/validations/pin";
import { expirationIssue, maxExpirationDays, validationLinkFormSchema } from "@/lib/validations/schemas";

const now = Date.parse("2026-11-25T12:00:00Z");
const link = { active: true, lockedAt: null, expirationDate: new Date(now + 86_400_000), maxUses: null, usesCount: 0 };
const hexA = "a".repeat(32);
const hexB = "b".repeat(32);

describe("validation link expiration date (spec §5 'The expiration date must be correct')", () => {
  it("accepts a future ISO date or date-time within the limit", () => {
    expect(expirationIssue("2026-12-01", now)).toBe(false);
    expect(expirationIssue("2026-11-25T12:01:00Z", now)).toBe(false);
    expect(expirationIssue("2026-11-26T09:30:00.000+01:00", now)).toBe(false);
  });

  it("refuses the past, now, the far future and anything that is not a date", () => {
    for (const value of ["2026-11-25T11:59:00Z", "2026-11-25T12:00:00Z", "2020-01-01", "mañana", "25/12/2026", "2026-02-30T10:00:00Z", ""])
      expect(expirationIssue(value, now), value).toBe(true);
    expect(expirationIssue(new Date(now + (maxExpirationDays + 1) * 86_400_000).toISOString(), now)).toBe(true);
  });
});

describe("validation link PIN", () => {
  it("is kept as a keyed hash bound to its link: the same PIN on two links hashes differently", () => {
    expect(pinHash(hexA, "1234")).toMatch(/^[0-9a-f]{64}$/);
    expect(pinHash(hexA, "1234")).not.toBe(pinHash(hexB, "1234"));
    expect(pinHash(hexA, "1234")).toBe(pinHash(hexA, "1234"));
  });

  it("matches only the right 4-digit PIN of the right link", () => {
    const stored = pinHash(hexA, "0420");
    expect(pinMatches(hexA, "0420", stored)).toBe(true);
    expect(pinMatches(hexA, "0421", stored)).toBe(false);
    expect(pinMatches(hexB, "0420", stored)).toBe(false);
    expect(pinMatches(hexA, "420", stored)).toBe(false);
    expect(pinMatches(hexA, "0420", "")).toBe(false);
  });

  it("must have 4 digits in the form; an edit may leave it empty to keep it", () => {
    const values = {
      flowHexId: "f",
      expirationLocal: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 16),
      description: "Alta",
      maxUses: "",
      userLocation: "NONE",
    };
    const issue = (editing: boolean, pin: string) =>
      validationLinkFormSchema(editing).safeParse({ ...values, pin }).error?.issues[0]?.message;
    expect(issue(false, "")).toBe("VALIDATION_PIN_FORMAT");
    expect(issue(false, "12a4")).toBe("VALIDATION_PIN_FORMAT");
    expect(issue(false, "1234")).toBeUndefined();
    expect(issue(true, "")).toBeUndefined();
    expect(issue(true, "123")).toBe("VALIDATION_PIN_FORMAT");
  });
});

describe("validation link state", () => {
  it("says what stops a link, the most decisive first", () => {
    const at = new Date(now);
    expect(linkState(link, at)).toBe("ACTIVE");
    expect(linkState({ ...link, maxUses: 2, usesCount: 2 }, at)).toBe("USED_UP");
    expect(linkState({ ...link, maxUses: 2, usesCount: 2, expirationDate: new Date(now) }, at)).toBe("EXPIRED");
    expect(linkState({ ...link, active: false, expirationDate: new Date(now - 1) }, at)).toBe("INACTIVE");
    expect(linkState({ ...link, active: false, lockedAt: at }, at)).toBe("LOCKED");
  });
});
