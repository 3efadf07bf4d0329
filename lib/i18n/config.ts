export const locales = ["es-es", "en-us"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "es-es";
export const localeCookie = "NEXT_LOCALE";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** Picks a supported locale from a cookie value or an Accept-Language header; Spanish otherwise. */
export function resolveLocale(cookieValue?: string | null, acceptLanguage?: string | null): Locale {
  const fromCookie = cookieValue?.toLowerCase();
  if (isLocale(fromCookie)) return fromCookie;
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase() ?? "";
    if (tag.startsWith("en")) return "en-us";
    if (tag.startsWith("es")) return "es-es";
  }
  return defaultLocale;
}

/** Prisma's Language enum uses underscores. */
export function toDbLanguage(locale: Locale): "es_es" | "en_us" {
  return locale === "en-us" ? "en_us" : "es_es";
}

export function fromDbLanguage(language: string): Locale {
  return language === "en_us" ? "en-us" : "es-es";
}
