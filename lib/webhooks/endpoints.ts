import { wholeList } from "@/lib/http/list-page";
import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db, type Tx } from "@/lib/db/client";
import type { WebhookEndpoint } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import { encryptSecret } from "@/lib/security/encryption";
import { randomHex } from "@/lib/security/random";
import { rateLimits } from "@/lib/security/rate-limits";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { createWebhookInput, updateWebhookInput, webhookView, type WebhookView, type WebhookWithSecret } from "./schemas";

/** How long the secret before a rotation keeps signing (and so verifying at the receiver). */
export const rotationOverlapMs = 24 * 3600_000;

export function newWebhookSecret(): string {
  return `whsec_${randomHex(32)}`;
}

export function toWebhookView(endpoint: WebhookEndpoint, now = new Date()): WebhookView {
  const overlap = endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now ? endpoint.previousSecretExpiresAt : null;
  return webhookView.parse({
    webhookHexId: endpoint.hexId,
    url: endpoint.url,
    events: endpoint.events,
    active: endpoint.active,
    previousSecretExpiresAt: overlap?.toISOString() ?? null,
    createdAt: endpoint.createdAt.toISOString(),
  });
}

/** One of the caller's organisation's endpoints; another organisation's is NOT_FOUND, like a missing one. */
export async function findWebhookEndpoint(context: AuthContext, hexId: string, tx: Tx | typeof db = db): Promise<WebhookEndpoint> {
  const endpoint = await tx.webhookEndpoint.findFirst({ where: { hexId, organizationId: context.organizationId } });
  if (!endpoint) throw new AppError("NOT_FOUND");
  return endpoint;
}

async function limitSecrets(context: AuthContext): Promise<void> {
  await enforceRateLimit(rateLimits.webhookSecret, context.userId);
}

const audit = (context: AuthContext, ip: string, event: string, recordId: string, action: string) => ({
  module: "ORGANIZACION" as const,
  organizationId: context.organizationId,
  userId: context.userId,
  event,
  ip,
  recordId,
  action,
});

function hostOf(url: string): string {
  return new URL(url).host;
}

export async function listWebhookEndpoints(context: AuthContext) {
  const endpoints = await db.webhookEndpoint.findMany({
    where: { organizationId: context.organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return wholeList(
    "webhookEndpoints",
    endpoints.map((endpoint) => toWebhookView(endpoint)),
  );
}

export async function getWebhookEndpoint(context: AuthContext, hexId: string): Promise<WebhookView> {
  return toWebhookView(await findWebhookEndpoint(context, hexId));
}

/** A new endpoint; its secret is in this answer only (the database keeps it encrypted, to sign with). */
export async function createWebhookEndpoint(context: AuthContext, raw: unknown, ip: string): Promise<WebhookWithSecret> {
  const input = createWebhookInput.parse(raw);
  await limitSecrets(context);
  const secret = newWebhookSecret();
  const endpoint = await db.$transaction(async (tx) => {
    const created = await tx.webhookEndpoint.create({
      data: {
        organizationId: context.organizationId,
        url: input.url,
        events: input.events,
        secret: encryptSecret(secret),
        createdById: context.userId,
      },
    });
    await logOperation(audit(context, ip, "WEBHOOK_CREATE", created.hexId, `create webhook to ${hostOf(input.url)}`), tx);
    return created;
  });
  return { webhookHexId: endpoint.hexId, secret };
}

export async function updateWebhookEndpoint(context: AuthContext, hexId: string, raw: unknown, ip: string): Promise<WebhookView> {
  const input = updateWebhookInput.parse(raw);
  const updated = await db.$transaction(async (tx) => {
    const current = await findWebhookEndpoint(context, hexId, tx);
    const changed = await tx.webhookEndpoint.update({ where: { id: current.id }, data: input });
    await logOperation(audit(context, ip, "WEBHOOK_UPDATE", current.hexId, `update webhook to ${hostOf(changed.url)}`), tx);
    return changed;
  });
  return toWebhookView(updated);
}

export async function deleteWebhookEndpoint(context: AuthContext, hexId: string, ip: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await findWebhookEndpoint(context, hexId, tx);
    await tx.webhookEndpoint.delete({ where: { id: current.id } });
    await logOperation(audit(context, ip, "WEBHOOK_DELETE", current.hexId, `delete webhook to ${hostOf(current.url)}`), tx);
  });
}

/**
 * A new secret, shown in this answer only. The one it replaces keeps signing for 24 h (deliveries carry both
 * signatures), so receivers can switch without losing an event; a rotation during the overlap ends the older one.
 */
export async function rotateWebhookSecret(context: AuthContext, hexId: string, ip: string, now = new Date()): Promise<WebhookWithSecret> {
  await limitSecrets(context);
  const secret = newWebhookSecret();
  await db.$transaction(async (tx) => {
    const current = await findWebhookEndpoint(context, hexId, tx);
    await tx.webhookEndpoint.update({
      where: { id: current.id },
      data: {
        secret: encryptSecret(secret),
        previousSecret: current.secret,
        previousSecretExpiresAt: new Date(now.getTime() + rotationOverlapMs),
      },
    });
    await logOperation(audit(context, ip, "WEBHOOK_ROTATE_SECRET", current.hexId, "rotate webhook secret"), tx);
  });
  return { webhookHexId: hexId, secret };
}
