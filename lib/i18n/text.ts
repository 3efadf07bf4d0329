import type { Locale } from "./config";

/**
 * A name placed just before a sentence's full stop: one that already ends with one ("Notaría
 * Demo S.L.") lends it to the sentence, so the reader never sees "S.L..".
 */
export function beforeFullStop(text: string): string {
  return text.replace(/\.+$/, "");
}

/** A country's name in the reader's language from its ISO 3166 code ("ES" → "España" / "Spain"); the code when unknown. */
export function countryName(code: string | null | undefined, locale: Locale): string {
  if (!code) return "";
  try {
    return (
      new Intl.DisplayNames([locale === "en-us" ? "en-US" : "es-ES"], { type: "region", fallback: "code" }).of(code.toUpperCase()) ?? code
    );
  } catch {
    return code;
  }
}
