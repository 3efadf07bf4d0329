import { env } from "@/lib/config/env";
import { defaultLocale, isLocale, type Locale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/messages";
import { loadOfflineGeocoder, type OfflineCity } from "./offline-geocoder";
import { logger } from "@/lib/log/logger";

/**
 * The reverse-geocoded address of a signer's location (spec §3, location object): a display name, or an
 * error code and message when none can be given. Never throws.
 */
export type ReverseGeocodeResult = { displayName: string | null; errorCode: number | null; errorMessage: string | null };

/** errorCode values, HTTP-like. Messages: geo.errors.<name> in the catalogs. */
export const geocodeErrors = {
  INVALID_COORDINATES: 400,
  NO_ADDRESS: 404,
} as const;
type GeocodeError = keyof typeof geocodeErrors;

const bcp47: Record<Locale, string> = { "es-es": "es-ES", "en-us": "en-US" };

function localeOf(locale: string): Locale {
  const lower = locale.toLowerCase();
  return isLocale(lower) ? lower : defaultLocale;
}

function failure(error: GeocodeError, locale: Locale): ReverseGeocodeResult {
  return { displayName: null, errorCode: geocodeErrors[error], errorMessage: translator(locale, "geo")(`errors.${error}`) };
}

const found = (displayName: string): ReverseGeocodeResult => ({ displayName, errorCode: null, errorMessage: null });

// ---------------------------------------------------------------------------------------------------------
// Offline: nearest city of the shipped data, "City, Region, Country" with the country in the signer's language.

const countryNames = new Map<Locale, Intl.DisplayNames>();

function countryName(city: OfflineCity, locale: Locale): string {
  let names = countryNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([bcp47[locale]], { type: "region", fallback: "none" });
    countryNames.set(locale, names);
  }
  try {
    return names.of(city.countryCode) ?? city.countryName;
  } catch {
    return city.countryName;
  }
}

const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();

/** "Madrid, Madrid, España" says the same thing twice; so do "Buenos Aires, Buenos Aires, Ciudad Autónoma de". */
function sameAsCity(region: string, city: string): boolean {
  const r = fold(region);
  const c = fold(city);
  return r === c || (r.startsWith(c) && !/\p{L}/u.test(r.charAt(c.length)));
}

export function formatOfflineAddress(city: OfflineCity, locale: Locale): string {
  const parts = [city.name];
  if (city.region && !sameAsCity(city.region, city.name)) parts.push(city.region);
  parts.push(countryName(city, locale));
  return parts.join(", ");
}

/** The offline provider alone (the fallback of the others, and what the bench measures). */
export async function offlineReverseGeocode(latitude: number, longitude: number, locale: string): Promise<ReverseGeocodeResult> {
  const lang = localeOf(locale);
  if (!validCoordinates(latitude, longitude)) return failure("INVALID_COORDINATES", lang);
  const geocoder = await loadOfflineGeocoder();
  const city = geocoder.nearest(latitude, longitude);
  return city ? found(formatOfflineAddress(city, lang)) : failure("NO_ADDRESS", lang);
}

// ---------------------------------------------------------------------------------------------------------
// Nominatim (https://nominatim.org/release-docs/latest/api/Reverse/): GET /reverse?format=jsonv2&lat&lon.

type NominatimOptions = { baseUrl: string; timeoutMs: number; userAgent: string };

/** The Nominatim answer, or null when Nominatim failed (the caller then falls back to offline). */
async function nominatimReverseGeocode(
  latitude: number,
  longitude: number,
  locale: Locale,
  options: NominatimOptions,
): Promise<ReverseGeocodeResult | null> {
  const url = new URL("reverse", options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`);
  url.search = new URLSearchParams({
    format: "jsonv2",
    lat: String(latitude),
    lon: String(longitude),
    "accept-language": bcp47[locale],
  }).toString();
  try {
    const response = await fetch(url, {
      headers: { "User-Agent": options.userAgent, Accept: "application/json", "Accept-Language": bcp47[locale] },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      logger("reverse-geocode").warn({ status: response.status }, "Nominatim answered an error; using offline data");
      return null;
    }
    const body = (await response.json()) as { display_name?: unknown; error?: unknown };
    if (typeof body.display_name === "string" && body.display_name.trim() !== "") return found(body.display_name.trim());
    // {"error": "Unable to geocode"}: Nominatim knows of no address there (open sea…). That is an answer.
    if (typeof body.error === "string") return failure("NO_ADDRESS", locale);
    logger("reverse-geocode").warn("Nominatim answered an unknown shape; using offline data");
    return null;
  } catch (error) {
    logger("reverse-geocode").warn({ error: error instanceof Error ? error.name : "error" }, "Nominatim failed; using offline data");
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------

function validCoordinates(latitude: number, longitude: number): boolean {
  return Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
}

let warnedNoUrl = false;

/**
 * The address of a point, in the signer's language (es-es or en-us; Spanish otherwise).
 * GEOCODER=offline (default) uses the city data shipped with the app; GEOCODER=nominatim asks NOMINATIM_URL
 * and falls back to the offline data when it fails, answers an error status or is slower than NOMINATIM_TIMEOUT_MS.
 */
export async function reverseGeocode(latitude: number, longitude: number, locale: string): Promise<ReverseGeocodeResult> {
  const lang = localeOf(locale);
  if (!validCoordinates(latitude, longitude)) return failure("INVALID_COORDINATES", lang);
  const config = env();
  if (config.GEOCODER === "nominatim") {
    if (config.NOMINATIM_URL) {
      const answer = await nominatimReverseGeocode(latitude, longitude, lang, {
        baseUrl: config.NOMINATIM_URL,
        timeoutMs: config.NOMINATIM_TIMEOUT_MS,
        userAgent: `${config.PRODUCT}/1.0 (e-signature; +${config.APP_BASE_URL})`,
      });
      if (answer) return answer;
    } else if (!warnedNoUrl) {
      warnedNoUrl = true;
      logger("reverse-geocode").warn("GEOCODER=nominatim without NOMINATIM_URL; using offline data");
    }
  }
  return offlineReverseGeocode(latitude, longitude, lang);
}
