import { z } from "zod";
import { appendAuditEvent } from "@/lib/audit/audit-event";
import type { RequestMeta } from "@/lib/auth/sessions";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { reverseGeocode } from "@/lib/geo/reverse-geocode";
import type { Locale } from "@/lib/i18n/config";
import { type EvidenceRound, lockProcess } from "./identity-process";

const finite = (min: number, max: number) => z.number().finite().min(min).max(max).nullish();

/** Spec §3 location object as the browser's Geolocation API gives it, or the error it gave instead. */
export const geolocationInput = z.object({
  process: z.enum(["ENVIO", "VALIDACION"], { error: "VALIDATION_FAILED" }),
  processHexId: z.string().regex(/^[0-9a-f]{32}$/, "INVALID_LINK"),
  geolocation: z.object({
    // Milliseconds since 1970 that a Date can hold (up to year 9999); beyond, storing it fails.
    timestamp: z.number().finite().nonnegative().max(253_402_300_799_999),
    latitude: finite(-90, 90),
    longitude: finite(-180, 180),
    altitude: finite(-1000, 100_000),
    accuracy: finite(0, 10_000_000),
    altitudeAccuracy: finite(0, 10_000_000),
    heading: finite(0, 360),
    speed: finite(0, 10_000),
    errorCode: z.number().int().min(0).max(3).nullish(),
    errorMessage: z.string().max(300).nullish(),
  }),
});

/**
 * Spec §5 "Geolocation is required when obligatoryGeolocation is set", kept by the server: on such a
 * flow no step is completed (form or capture) until the person has reported a position through
 * addSigneeGeolocation. A denial is recorded as evidence but is no position.
 */
export async function assertLocationReported(round: Pick<EvidenceRound, "owner">, obligatory: boolean): Promise<void> {
  if (!obligatory) return;
  const located = await db.location.findFirst({
    where: { ...round.owner, latitude: { not: null }, longitude: { not: null } },
    select: { id: true },
  });
  if (!located) throw new AppError("LOCATION_REQUIRED");
}

/** The process a location report is for, once its link is checked, and whether its flow makes the location obligatory. */
export type LocatedProcess = { round: EvidenceRound; obligatory: boolean };

/** How each kind of process (spec processType) finds the live process behind a report's link; a wrong link is refused as unknown. */
export type LocationOwners = Record<
  "ENVIO" | "VALIDACION",
  (processHexId: string, urlSign: string | null, ip: string) => Promise<LocatedProcess>
>;

/**
 * POST /signprocess/addSigneeGeolocation: stores where the signer (ENVIO) or the validation subject
 * (VALIDACION) is, with its reverse-geocoded address, as evidence in the audit trail. A denial is
 * stored too; when the flow makes the location obligatory it stops the process with the spec §8
 * message until the person allows it.
 */
export async function addSigneeGeolocation(
  raw: unknown,
  urlSign: string | null,
  meta: RequestMeta,
  locale: Locale,
  owners: LocationOwners,
) {
  const input = geolocationInput.parse(raw);
  const { round, obligatory } = await owners[input.process](input.processHexId, urlSign, meta.ip);
  const g = input.geolocation;
  const hasPosition = typeof g.latitude === "number" && typeof g.longitude === "number";
  const address = hasPosition ? await reverseGeocode(g.latitude as number, g.longitude as number, locale) : null;
  const data = {
    processType: input.process,
    timestamp: new Date(g.timestamp),
    latitude: g.latitude ?? null,
    longitude: g.longitude ?? null,
    altitude: g.altitude ?? null,
    accuracy: g.accuracy ?? null,
    altitudeAccuracy: g.altitudeAccuracy ?? null,
    heading: g.heading ?? null,
    speed: g.speed ?? null,
    mapLink: hasPosition
      ? `https://www.openstreetmap.org/?mlat=${g.latitude}&mlon=${g.longitude}#map=17/${g.latitude}/${g.longitude}`
      : null,
    displayName: address?.displayName ?? null,
    errorCode: hasPosition ? (address?.errorCode ?? null) : (g.errorCode ?? 2),
    errorMessage: hasPosition ? (address?.errorMessage ?? null) : (g.errorMessage ?? null),
  };
  const location = await db.$transaction(async (tx) => {
    await lockProcess(tx, round);
    const row = await tx.location.create({ data: { ...data, ...round.owner } });
    await appendAuditEvent(tx, round.audit, hasPosition ? `${round.person}.location` : `${round.person}.location-denied`, {
      ...round.actor,
      latitude: data.latitude,
      longitude: data.longitude,
      accuracy: data.accuracy,
      displayName: data.displayName,
      errorCode: data.errorCode,
    });
    return row;
  });
  if (!hasPosition && obligatory) throw new AppError("LOCATION_DENIED");
  return {
    result: 1,
    location: {
      timestamp: location.timestamp.toISOString(),
      latitude: location.latitude,
      longitude: location.longitude,
      altitude: location.altitude,
      accuracy: location.accuracy,
      altitudeAccuracy: location.altitudeAccuracy,
      heading: location.heading,
      speed: location.speed,
      mapLink: location.mapLink,
      address: { displayName: location.displayName, errorCode: location.errorCode, errorMessage: location.errorMessage },
    },
  };
}
