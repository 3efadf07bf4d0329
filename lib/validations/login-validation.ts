import { appendAuditEvent } from "@/lib/audit/audit-event";
import type { RequestMeta } from "@/lib/auth/sessions";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { type Locale, toDbLanguage } from "@/lib/i18n/config";
import { rateLimits } from "@/lib/security/rate-limits";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { randomHex, sha256Hex } from "@/lib/security/random";
import { linkState } from "./link-records";
import { pinMatches } from "./pin";
import { clientLimit, clientWaitSeconds, countWrongPin, forgetClientFailures, refuseBlockedClient } from "./pin-attempts";
import { loginValidationInput } from "./schemas";
import { validationProcessPath } from "./steps";

const hex32 = /^[0-9a-f]{32}$/;

const stateErrors = {
  LOCKED: "VALIDATION_LINK_LOCKED",
  INACTIVE: "VALIDATION_LINK_INACTIVE",
  EXPIRED: "VALIDATION_LINK_EXPIRED",
  USED_UP: "MAX_USES_REACHED",
} as const;

/** The link behind /loginvalidation/{validationHexId}, with what its public page shows; null when there is none. */
export async function publicValidationLink(validationHexId: string) {
  if (!hex32.test(validationHexId)) return null;
  return db.validationLink.findUnique({
    where: { hexId: validationHexId },
    include: {
      organization: { select: { id: true, hexId: true, name: true, active: true } },
      flow: { select: { id: true, active: true, kind: true, expirationDays: true } },
    },
  });
}

type PublicLink = NonNullable<Awaited<ReturnType<typeof publicValidationLink>>>;

/** The error a link that cannot start a process answers with, or null when it can (a link whose flow or organisation was turned off counts as inactive). */
export function linkRefusal(link: PublicLink, now = new Date()) {
  const state = linkState(link, now);
  if (state !== "ACTIVE") return stateErrors[state];
  if (!link.flow.active || link.flow.kind !== "VALIDATION" || !link.organization.active) return stateErrors.INACTIVE;
  return null;
}

/**
 * POST /api/validation/{validationHexId}/login {pin}: a correct PIN starts a new validation process for whoever
 * typed it (one per person: the link is shared, the process is not) and answers its processHexId and urlSign,
 * the secret of its pages, of which only the SHA-256 is stored, as for signer links. Each process uses one of
 * the link's maxUses, counted atomically so that concurrent logins never pass the limit. Wrong PINs are limited
 * per client and per link (lib/validations/pin-attempts.ts).
 */
export async function loginValidation(validationHexId: string, raw: unknown, meta: RequestMeta, locale: Locale) {
  const link = await publicValidationLink(validationHexId);
  if (!link) {
    await enforceRateLimit(rateLimits.validationLinkFailures, meta.ip);
    throw new AppError("INVALID_LINK");
  }
  const refusal = linkRefusal(link);
  if (refusal) throw new AppError(refusal);
  await refuseBlockedClient(link.id, meta.ip);
  const { pin } = loginValidationInput.parse(raw);
  if (!pinMatches(link.hexId, pin, link.pinHash)) {
    const remaining = await countWrongPin(link, meta.ip);
    // The last wrong PIN says so, with the wait, rather than "0 attempts left" followed by a refusal.
    if (remaining === 0) {
      const seconds = await clientWaitSeconds(link.id, meta.ip);
      throw new AppError("VALIDATION_PIN_ATTEMPTS_EXHAUSTED", {
        seconds,
        minutes: Math.max(1, Math.ceil(seconds / 60)),
        limit: clientLimit,
      });
    }
    throw new AppError("VALIDATION_PIN_INCORRECT", { remaining });
  }
  await forgetClientFailures(link.id, meta.ip);

  const urlSign = randomHex(16);
  const process = await db.$transaction(async (tx) => {
    const used = await tx.validationLink.updateMany({
      where: {
        id: link.id,
        active: true,
        lockedAt: null,
        expirationDate: { gt: new Date() },
        ...(link.maxUses === null ? {} : { usesCount: { lt: link.maxUses } }),
      },
      data: { usesCount: { increment: 1 } },
    });
    // Another login took the last use (or staff changed the link) between the check above and now.
    if (used.count === 0) throw new AppError(link.maxUses !== null ? "MAX_USES_REACHED" : "VALIDATION_LINK_INACTIVE");
    // Read under the row lock the update took: concurrent logins each see their own use.
    const { usesCount } = await tx.validationLink.findUniqueOrThrow({ where: { id: link.id }, select: { usesCount: true } });
    const created = await tx.validationProcess.create({
      data: {
        urlSignHash: sha256Hex(urlSign),
        organizationId: link.organizationId,
        validationLinkId: link.id,
        flowId: link.flowId,
        preferredLanguage: toDbLanguage(locale),
        expirationDate: new Date(Date.now() + link.flow.expirationDays * 86_400_000),
        ip: meta.ip,
        userAgent: meta.userAgent,
      },
    });
    await appendAuditEvent(tx, { validationProcessId: created.id }, "validation.started", {
      validationLink: link.hexId,
      use: usesCount,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    return created;
  });
  return {
    processHexId: process.hexId,
    urlSign,
    redirect: validationProcessPath("home-page", urlSign, process.hexId),
  };
}
