import type { Locale } from "./config";

/** Spec §5: decimal amounts show exactly 2 decimals, in the user's locale. */
export function formatAmount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === "en-us" ? "en-US" : "es-ES", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );
}

/** A time zone the runtime knows, or UTC (the default of spec §9). */
export function safeTimeZone(candidate: string | undefined | null): string {
  if (!candidate) return "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: candidate });
    return candidate;
  } catch {
    return "UTC";
  }
}
