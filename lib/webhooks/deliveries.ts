import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import type { WebhookDelivery } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import { enqueueJobs } from "@/lib/queue/enqueue";
import { randomHex } from "@/lib/security/random";
import { rateLimits } from "@/lib/security/rate-limits";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { webhookTestEvent, type WebhookEnvelope } from "./events";
import { findWebhookEndpoint } from "./endpoints";
import { webhookDeliveryJob } from "./jobs";
import { listDeliveriesQuery, webhookDeliveryView, type WebhookDeliveryView } from "./schemas";

type DeliveryRow = WebhookDelivery & { redeliveryOf: { hexId: string } | null };

function toDeliveryView(row: DeliveryRow): WebhookDeliveryView {
  return webhookDeliveryView.parse({
    deliveryHexId: row.hexId,
    event: row.event,
    eventHexId: row.eventId,
    status: row.status,
    attempts: row.attempts,
    responseCode: row.responseCode,
    durationMs: row.durationMs,
    error: row.lastError,
    nextAttemptAt: row.status === "PENDING" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    redeliveryOf: row.redeliveryOf?.hexId ?? null,
    createdAt: row.createdAt.toISOString(),
  });
}

/** One page of an endpoint's deliveries, newest first, in the product's list shape. */
export async function listWebhookDeliveries(context: AuthContext, webhookHexId: string, raw: unknown) {
  const query = listDeliveriesQuery.parse(raw);
  const endpoint = await findWebhookEndpoint(context, webhookHexId);
  const where = { endpointId: endpoint.id };
  const [total, rows] = await Promise.all([
    db.webhookDelivery.count({ where }),
    db.webhookDelivery.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: query.page * query.size,
      take: query.size,
    }),
  ]);
  const originals = await db.webhookDelivery.findMany({
    where: { id: { in: rows.flatMap((row) => (row.redeliveryOfId ? [row.redeliveryOfId] : [])) } },
    select: { id: true, hexId: true },
  });
  return {
    _embedded: {
      webhookDeliveries: rows.map((row) =>
        toDeliveryView({ ...row, redeliveryOf: originals.find((original) => original.id === row.redeliveryOfId) ?? null }),
      ),
    },
    page: { size: query.size, totalElements: total, totalPages: Math.ceil(total / query.size), number: query.page },
  };
}

async function queueOne(row: DeliveryRow): Promise<WebhookDeliveryView> {
  await enqueueJobs([webhookDeliveryJob(row.id)]);
  return toDeliveryView(row);
}

/** A `webhook.test` event to the endpoint, now, whatever events it subscribed to. */
export async function sendTestWebhook(context: AuthContext, webhookHexId: string, now = new Date()): Promise<WebhookDeliveryView> {
  const endpoint = await findWebhookEndpoint(context, webhookHexId);
  await enforceRateLimit(rateLimits.webhookManualSend, endpoint.id);
  const envelope: WebhookEnvelope = {
    eventHexId: randomHex(16),
    type: webhookTestEvent,
    createdAt: now.toISOString(),
    data: { status: "TEST" },
  };
  const row = await db.webhookDelivery.create({
    data: {
      endpointId: endpoint.id,
      organizationId: context.organizationId,
      event: webhookTestEvent,
      eventId: envelope.eventHexId,
      payload: JSON.stringify(envelope),
      nextAttemptAt: now,
    },
  });
  return queueOne({ ...row, redeliveryOf: null });
}

/** The same event (id and body) again, as a new delivery recorded beside the first. */
export async function redeliverWebhook(
  context: AuthContext,
  webhookHexId: string,
  deliveryHexId: string,
  now = new Date(),
): Promise<WebhookDeliveryView> {
  const endpoint = await findWebhookEndpoint(context, webhookHexId);
  const original = await db.webhookDelivery.findFirst({ where: { hexId: deliveryHexId, endpointId: endpoint.id } });
  if (!original) throw new AppError("NOT_FOUND");
  await enforceRateLimit(rateLimits.webhookManualSend, endpoint.id);
  const row = await db.webhookDelivery.create({
    data: {
      endpointId: endpoint.id,
      organizationId: original.organizationId,
      event: original.event,
      eventId: original.eventId,
      payload: original.payload,
      nextAttemptAt: now,
      redeliveryOfId: original.id,
    },
  });
  return queueOne({ ...row, redeliveryOf: { hexId: original.hexId } });
}
