import { logOperation } from "@/lib/audit/operation-log";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { AppError, isAppError } from "@/lib/errors/app-error";
import { fromDbLanguage } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/messages";
import { sendMail } from "@/lib/notify/mail";
import { rateLimits } from "@/lib/security/rate-limits";
import { enforceRateLimit, rateLimitWait, refuseOverLimit, resetRateLimit } from "@/lib/security/rate-limit";
import { errorFields, logger } from "@/lib/log/logger";

// A PIN has 10,000 values, so these limits (lib/security/rate-limits.ts validationPinClient, validationPinLink) keep it secret:
// - one client (address) gets `clientLimit` wrong PINs per link per window, then the link refuses it
//   until the window ends;
// - all clients together get `linkLimit` wrong PINs per link per window; the next one locks the link
//   (lockedAt) until staff activate it again, and the organisation's staff who manage links are mailed.
// An attacker spreading guesses over many addresses thus tries at most linkLimit + 1 of 10,000 PINs.

export const clientLimit = rateLimits.validationPinClient.limit;
export const linkLimit = rateLimits.validationPinLink.limit;

const clientSubject = (linkId: number, ip: string) => `${linkId}:ip:${ip}`;

/** Refuses a client that already gave clientLimit wrong PINs for this link, before it tries another. */
export async function refuseBlockedClient(linkId: number, ip: string): Promise<void> {
  await refuseOverLimit(rateLimits.validationPinClient, clientSubject(linkId, ip));
}

/** How long a client that used up its wrong PINs waits before the link lets it try again. */
export async function clientWaitSeconds(linkId: number, ip: string): Promise<number> {
  return rateLimitWait(rateLimits.validationPinClient, clientSubject(linkId, ip));
}

export async function forgetClientFailures(linkId: number, ip: string): Promise<void> {
  await resetRateLimit(rateLimits.validationPinClient, clientSubject(linkId, ip));
}

/** Staff activated the link again: the failures that locked it no longer count. */
export async function forgetLinkFailures(linkId: number): Promise<void> {
  await resetRateLimit(rateLimits.validationPinLink, linkId);
}

type FailedLink = { id: number; hexId: string; description: string; organizationId: number };

/**
 * Counts a wrong PIN from `ip`. Returns how many the client has left before the link refuses it; locks the link
 * when the failures of every client together pass linkLimit.
 */
export async function countWrongPin(link: FailedLink, ip: string): Promise<number> {
  try {
    await enforceRateLimit(rateLimits.validationPinLink, link.id);
  } catch (error) {
    if (!isAppError(error) || error.code !== "RATE_LIMITED") throw error;
    await lockLink(link, ip);
    throw new AppError("VALIDATION_LINK_LOCKED");
  }
  const used = await enforceRateLimit(rateLimits.validationPinClient, clientSubject(link.id, ip));
  return Math.max(0, clientLimit - used);
}

async function lockLink(link: FailedLink, ip: string): Promise<void> {
  const locked = await db.validationLink.updateMany({ where: { id: link.id, lockedAt: null }, data: { lockedAt: new Date() } });
  // Several failures may cross the limit at once: only the one that locked the link logs and tells staff.
  if (locked.count === 0) return;
  await logOperation({
    module: "FIRMA",
    organizationId: link.organizationId,
    userId: null,
    event: "VALIDATION_LINK_LOCKED",
    ip,
    recordId: link.hexId,
    action: `locked after ${linkLimit} wrong PINs within ${rateLimits.validationPinLink.windowSeconds / 60} minutes`,
  });
  await notifyStaff(link);
}

/** Mails the organisation's enabled staff whose role may change validation links (FIRMA:UPDATE), in their language. */
async function notifyStaff(link: FailedLink): Promise<void> {
  const staff = await db.user.findMany({
    where: {
      organizationId: link.organizationId,
      enabled: true,
      hasApi: false,
      role: { privileges: { some: { module: "FIRMA", canUpdate: true } } },
    },
    select: { email: true, firstName: true, preferredLanguage: true },
  });
  const url = `${env().APP_BASE_URL}/validations`;
  for (const person of staff) {
    const t = translator(fromDbLanguage(person.preferredLanguage), "validations.lockedMail");
    const values = { name: person.firstName, description: link.description, attempts: linkLimit, url };
    const text = [t("greeting", values), "", t("body", values), "", url].join("\n");
    const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a"><p>${escapeHtml(t("greeting", values))}</p><p>${escapeHtml(t("body", values))}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p></body></html>`;
    // The lock already holds; a mail that fails must not turn the answer into a server error.
    await sendMail({ to: person.email, subject: t("subject", values), text, html }).catch((error: unknown) =>
      logger("validations").error(errorFields(error), "lock notice not sent"),
    );
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
