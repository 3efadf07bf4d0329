import { describe, expect, it } from "vitest";
import { pathFromSignin, signinPathFor } from "@/lib/auth/signin-path";
import { isNearExpiry, nearExpiryMs } from "@/lib/auth/tokens";
import { isValidIdentNumber } from "@/lib/validation/ident";
import { meetsPasswordRules } from "@/lib/validation/password-rules";
import { resolveLocale } from "@/lib/i18n/config";
import { formatAmount, safeTimeZone } from "@/lib/i18n/format";
import { formatEventTimestamp, operationDetail } from "@/lib/audit/operation-log";
import { randomAlphanumeric, randomHex } from "@/lib/security/random";

describe("route guard paths (spec §2)", () => {
  it("replaces slashes with underscores and comes back to the same path", () => {
    expect(signinPathFor("/docdetail/abc/1")).toBe("/signin/_docdetail_abc_1");
    for (const path of ["/dashboard", "/docdetail/abc/1", "/report/Documentos/1/REPORT_ENVIO", "/steps-flow/3/edit"]) {
      expect(pathFromSignin(signinPathFor(path).slice("/signin/".length))).toBe(path);
    }
  });

  it("never sends a user to another site after sign-in", () => {
    expect(pathFromSignin("__evil.example.com")).toBeNull();
    expect(pathFromSignin("https:__evil.example.com")).toBeNull();
    expect(pathFromSignin(undefined)).toBeNull();
    expect(pathFromSignin("_logoff")).toBeNull();
  });
});

describe("token near expiry (spec §4: 18,000,000 ms)", () => {
  it("is near when less than five hours remain", () => {
    const now = Date.now();
    expect(nearExpiryMs).toBe(18_000_000);
    expect(isNearExpiry((now + 18_000_000 + 60_000) / 1000, now)).toBe(false);
    expect(isNearExpiry((now + 18_000_000 - 60_000) / 1000, now)).toBe(true);
  });
});

describe("identification numbers", () => {
  it("checks the Spanish DNI and NIE letters", () => {
    expect(isValidIdentNumber("DNI", "12345678Z")).toBe(true);
    expect(isValidIdentNumber("DNI", "12345678A")).toBe(false);
    expect(isValidIdentNumber("NIE", "X1234567L")).toBe(true);
    expect(isValidIdentNumber("NIE", "X1234567A")).toBe(false);
    expect(isValidIdentNumber("PASSPORT", "AB123456")).toBe(true);
    expect(isValidIdentNumber("PASSPORT", "AB-12")).toBe(false);
  });
});

describe("password rules", () => {
  it.each([
    ["Firma-Segura-2026!", true],
    ["firma-segura-2026!", false],
    ["FIRMA-SEGURA-2026!", false],
    ["Firma-Segura-!", false],
    ["FirmaSegura2026", false],
    ["Fs-1", false],
  ])("%s → %s", (password, ok) => expect(meetsPasswordRules(password)).toBe(ok));
});

describe("locale, formats and identifiers", () => {
  it("defaults to Spanish and honours a stored choice or the browser", () => {
    expect(resolveLocale(undefined, undefined)).toBe("es-es");
    expect(resolveLocale("en-us", "es-ES")).toBe("en-us");
    expect(resolveLocale(undefined, "en-GB,en;q=0.9")).toBe("en-us");
    expect(resolveLocale("fr-fr", "fr-FR")).toBe("es-es");
  });

  it("shows amounts with exactly two decimals", () => {
    expect(formatAmount(1234.5, "es-es")).toBe("1234,50");
    expect(formatAmount(1234.5, "en-us")).toBe("1,234.50");
    expect(formatAmount(0.125, "en-us")).toBe("0.13");
  });

  it("falls back to UTC for an unknown time zone", () => {
    expect(safeTimeZone("Europe/Madrid")).toBe("Europe/Madrid");
    expect(safeTimeZone("Mars/Olympus")).toBe("UTC");
    expect(safeTimeZone(undefined)).toBe("UTC");
  });

  it("formats operation log timestamps as YYYY-MM-DD HH:mm:ss and details with ip, user, record and action", () => {
    expect(formatEventTimestamp(new Date("2026-11-22T05:07:09.123Z"))).toBe("2026-11-22 05:07:09");
    expect(operationDetail({ module: "USUARIO", organizationId: 1, userId: 7, event: "LOGIN", ip: "10.0.0.1", recordId: "abc" })).toBe(
      "ip=10.0.0.1; userId=7; recordId=abc; action=LOGIN",
    );
  });

  it("draws public ids of 128 bits and random strings of 24 alphanumerics (spec §9)", () => {
    expect(randomHex()).toMatch(/^[0-9a-f]{32}$/);
    expect(randomHex()).not.toBe(randomHex());
    expect(randomAlphanumeric()).toMatch(/^[A-Za-z0-9]{24}$/);
  });
});
