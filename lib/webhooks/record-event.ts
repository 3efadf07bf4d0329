import { afterCommit, type Tx } from "@/lib/db/client";
import { enqueueJobs, type QueuedJob } from "@/lib/queue/enqueue";
import { randomHex } from "@/lib/security/random";
import type { WebhookEnvelope, WebhookEvent, WebhookEventData } from "./events";
import { webhookDeliveryJob } from "./jobs";
import { errorFields, logger } from "@/lib/log/logger";

/**
 * Inside the transaction of the change it tells: one delivery row per active endpoint of the organisation that
 * subscribed to `event` (the outbox: committed with the change, or not at all). Their jobs are queued once the
 * transaction commits (afterCommit, lib/db/client.ts), so no caller has to remember to; a job lost on the way
 * (Redis down at that moment) is queued again by the sweep.
 */
export async function recordWebhookEvent(
  tx: Tx,
  organizationId: number,
  event: WebhookEvent,
  data: WebhookEventData,
  now = new Date(),
): Promise<void> {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { organizationId, active: true, events: { has: event } },
    select: { id: true },
  });
  if (endpoints.length === 0) return;
  const envelope: WebhookEnvelope = { eventHexId: randomHex(16), type: event, createdAt: now.toISOString(), data };
  const payload = JSON.stringify(envelope);
  const rows = await tx.webhookDelivery.createManyAndReturn({
    data: endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      organizationId,
      event,
      eventId: envelope.eventHexId,
      payload,
      nextAttemptAt: now,
    })),
    select: { id: true },
  });
  const jobs = rows.map((row) => webhookDeliveryJob(row.id));
  await afterCommit(() => enqueueWebhooks(jobs));
}

/** A document.* event, with the document's status as the transaction sees it. */
export async function recordDocumentEvent(tx: Tx, documentId: number, event: WebhookEvent): Promise<void> {
  const document = await tx.document.findUniqueOrThrow({
    where: { id: documentId },
    select: { organizationId: true, hexId: true, status: true },
  });
  return recordWebhookEvent(tx, document.organizationId, event, { documentHexId: document.hexId, status: document.status });
}

/** A signer.* event, with the signer's status as the transaction sees it. */
export async function recordSignerEvent(tx: Tx, signerId: number, event: WebhookEvent): Promise<void> {
  const signer = await tx.signer.findUniqueOrThrow({
    where: { id: signerId },
    select: { hexId: true, status: true, document: { select: { organizationId: true, hexId: true } } },
  });
  return recordWebhookEvent(tx, signer.document.organizationId, event, {
    documentHexId: signer.document.hexId,
    signerHexId: signer.hexId,
    status: signer.status,
  });
}

/** A validation.* event, with the process's status as the transaction sees it. */
export async function recordValidationEvent(tx: Tx, processId: number, event: WebhookEvent): Promise<void> {
  const process = await tx.validationProcess.findUniqueOrThrow({
    where: { id: processId },
    select: { organizationId: true, hexId: true, status: true },
  });
  return recordWebhookEvent(tx, process.organizationId, event, { processHexId: process.hexId, status: process.status });
}

/**
 * After the commit: the deliveries' jobs. The change is committed, so a Redis outage must not turn the caller's
 * answer into an error; the sweep (webhooks.sweep) queues them later.
 */
async function enqueueWebhooks(jobs: readonly QueuedJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await enqueueJobs(jobs).catch((error: unknown) => {
    logger("webhooks").error({ deliveries: jobs.length, ...errorFields(error) }, "deliveries not enqueued; the sweep will queue them");
  });
}
