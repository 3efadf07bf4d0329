import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { appendAuditEvent } from "@/lib/audit/audit-event";
import type { RequestMeta } from "@/lib/auth/sessions";
import { db } from "@/lib/db/client";
import { lockDocumentById } from "@/lib/documents/lock-document";
import { AppError } from "@/lib/errors/app-error";
import type { Locale } from "@/lib/i18n/config";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { sha256Hex } from "@/lib/security/random";
import { liveSignerAccess, type SignerAccess } from "@/lib/signing/signer-access";
import { reverseGeocode } from "@/lib/geo/reverse-geocode";

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
 * flow no step is completed (form or capture) until the signer has reported a position through
 * addSigneeGeolocation. A denial is recorded as evidence but is no position.
 */
export async function assertLocationReported(access: SignerAccess): Promise<void> {
  if (!access.signer.document.flow?.obligatoryGeolocation) return;
  const located = await db.location.findFirst({
    where: { signerId: access.signer.id, latitude: { not: null }, longitude: { not: null } },
    select: { id: true },
  });
  if (!located) throw new AppError("LOCATION_REQUIRED");
}

type Owner =
  | { signerId: number; documentId: number; obligatory: boolean; hexId: string }
  | { validationProcessId: number; obligatory: boolean; hexId: string };

async function ownerOf(input: z.infer<typeof geolocationInput>, urlSign: string | null, ip: string): Promise<Owner> {
  if (input.process === "ENVIO") {
    const access = await liveSignerAccess(input.processHexId, urlSign, ip);
    return {
      signerId: access.signer.id,
      documentId: access.signer.documentId,
      obligatory: access.signer.document.flow?.obligatoryGeolocation ?? false,
      hexId: access.signer.hexId,
    };
  }
  const process = await db.validationProcess.findUnique({
    where: { hexId: input.processHexId },
    include: { flow: { select: { obligatoryGeolocation: true } }, validationLink: { select: { requireLocation: true } } },
  });
  const ok =
    process?.urlSignHash &&
    urlSign &&
    /^[0-9a-f]{32}$/.test(urlSign) &&
    timingSafeEqual(Buffer.from(sha256Hex(urlSign), "hex"), Buffer.from(process.urlSignHash, "hex"));
  if (!process || !ok) {
    await enforceRateLimit(`sign-link:ip:${ip}`, 30, 600);
    throw new AppError("INVALID_LINK");
  }
  if (process.status !== "PENDING" && process.status !== "IN_PROGRESS")
    throw new AppError("LINK_ENDED", { state: process.status, status: process.status });
  return {
    validationProcessId: process.id,
    obligatory: process.flow.obligatoryGeolocation || (process.validationLink?.requireLocation ?? false),
    hexId: process.hexId,
  };
}

/**
 * POST /signprocess/addSigneeGeolocation: stores where the signer (ENVIO) or the validation subject
 * (VALIDACION) is, with its reverse-geocoded address, as evidence in the audit trail. A denial is
 * stored too; when the flow makes the location obligatory it stops the process with the spec §8
 * message until the person allows it.
 */
export async function addSigneeGeolocation(raw: unknown, urlSign: string | null, meta: RequestMeta, locale: Locale) {
  const input = geolocationInput.parse(raw);
  const owner = await ownerOf(input, urlSign, meta.ip);
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
    if ("signerId" in owner) {
      await lockDocumentById(tx, owner.documentId);
      const row = await tx.location.create({ data: { ...data, signerId: owner.signerId } });
      await appendAuditEvent(tx, { documentId: owner.documentId }, hasPosition ? "signer.location" : "signer.location-denied", {
        signer: owner.hexId,
        latitude: data.latitude,
        longitude: data.longitude,
        accuracy: data.accuracy,
        displayName: data.displayName,
        errorCode: data.errorCode,
      });
      return row;
    }
    const row = await tx.location.create({ data: { ...data, validationProcessId: owner.validationProcessId } });
    await appendAuditEvent(
      tx,
      { validationProcessId: owner.validationProcessId },
      hasPosition ? "subject.location" : "subject.location-denied",
      {
        latitude: data.latitude,
        longitude: data.longitude,
        errorCode: data.errorCode,
      },
    );
    return row;
  });
  if (!hasPosition && owner.obligatory) throw new AppError("LOCATION_DENIED");
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
