import type { z } from "zod";
import { env } from "@/lib/config/env";
import { callbackRules, callbackUrlSendable } from "@/lib/callbacks/callback-url";
import { postCallback, type CallbackAnswer } from "@/lib/callbacks/post-callback";
import { db } from "@/lib/db/client";
import type { NetworkRules } from "@/lib/net/address-ranges";
import { enqueueJobs } from "@/lib/queue/enqueue";
import type { JobAttempt } from "@/lib/queue/job-attempt";
import { decryptSecret } from "@/lib/security/encryption";
import { type deliverWebhookPayload, nextAttemptAfter, webhookDeliveryJob } from "./jobs";
import { signatureHeaderValue } from "./signature";

/** How long a receiver may take to answer before the attempt counts as failed. */
export const webhookTimeoutMs = 10_000;

export type WebhookOutcome = { result: "delivered" | "skipped" | "refused"; status?: number };

function failureOf(error: unknown): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return `no answer within ${webhookTimeoutMs / 1000} s`;
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return `network error ${typeof code === "string" ? code : error instanceof Error ? error.name : "unknown"}`;
}

function configuredRules(): NetworkRules {
  env(); // validates the setting
  return callbackRules();
}

/**
 * Job webhooks.deliver: POSTs one delivery's payload to its endpoint, signed with the endpoint's secret (and, for
 * 24 h after a rotation, with the one before it too). Every attempt is recorded on the row (attempts, response
 * code, duration, error, next attempt); a 2xx answer delivers it, anything else throws so BullMQ retries with
 * backoff until the last attempt marks it FAILED. A URL or address the rules refuse fails it at once. A delivered
 * or failed row, or one whose endpoint is gone, sends nothing. `rules` and `now` are this process's (a test passes its own).
 */
export async function deliverWebhook(
  payload: z.infer<typeof deliverWebhookPayload>,
  attempt: JobAttempt,
  rules: NetworkRules = configuredRules(),
  now = new Date(),
): Promise<WebhookOutcome> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: payload.deliveryId }, include: { endpoint: true } });
  if (!delivery || delivery.status !== "PENDING") return { result: "skipped" };
  const { endpoint } = delivery;
  const number = delivery.attempts + 1;
  const final = attempt.attemptsMade + 1 >= attempt.attempts;
  const record = (data: {
    status: "DELIVERED" | "FAILED" | "PENDING";
    responseCode?: number | null;
    durationMs?: number | null;
    error?: string | null;
  }) =>
    db.webhookDelivery.update({
      where: { id: delivery.id },
      data: {
        status: data.status,
        attempts: number,
        responseCode: data.responseCode ?? null,
        durationMs: data.durationMs ?? null,
        lastError: data.error ?? null,
        nextAttemptAt: data.status === "PENDING" ? nextAttemptAfter(attempt.attemptsMade + 1, now) : null,
        deliveredAt: data.status === "DELIVERED" ? now : null,
      },
    });
  if (!endpoint.active) {
    await record({ status: "FAILED", error: "endpoint disabled; not sent" });
    return { result: "refused" };
  }
  if (!callbackUrlSendable(endpoint.url, rules)) {
    await record({ status: "FAILED", error: "URL not allowed; not sent" });
    return { result: "refused" };
  }
  const secrets = [decryptSecret(endpoint.secret)];
  if (endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now)
    secrets.push(decryptSecret(endpoint.previousSecret));

  const started = performance.now();
  let answer: CallbackAnswer | undefined;
  let failure: string | null = null;
  try {
    answer = await postCallback(endpoint.url, {
      rules,
      timeoutMs: webhookTimeoutMs,
      headers: {
        "content-type": "application/json",
        "user-agent": "Rubrica-Webhooks/1",
        "x-rubrica-event": delivery.event,
        "x-rubrica-event-id": delivery.eventId,
        "x-rubrica-delivery": delivery.hexId,
        "x-rubrica-attempt": String(number),
        "x-rubrica-signature": signatureHeaderValue(secrets, delivery.payload, Math.floor(now.getTime() / 1000)),
      },
      body: delivery.payload,
    });
  } catch (error) {
    failure = failureOf(error);
  }
  const durationMs = Math.round(performance.now() - started);
  if (answer?.result === "address-not-allowed") {
    await record({ status: "FAILED", durationMs, error: "address not allowed; not sent" });
    return { result: "refused" };
  }
  const status = answer?.status;
  if (status !== undefined && (status < 200 || status > 299)) failure = `HTTP ${status}`;
  if (failure === null) {
    await record({ status: "DELIVERED", responseCode: status, durationMs });
    return { result: "delivered", status };
  }
  await record({ status: final ? "FAILED" : "PENDING", responseCode: status ?? null, durationMs, error: failure });
  throw new Error(`Webhook delivery ${delivery.hexId} failed: ${failure}`);
}

/** Deliveries waiting longer than this past their time lost their job (Redis restarted empty, a flush). */
export const webhookSweepAfterMs = 60_000;
const sweepWindowMs = 7 * 24 * 3600_000;

/**
 * Job webhooks.sweep (repeating): deliveries still PENDING a minute past their next attempt get their job again.
 * Job ids are the deliveries', so a job that was not lost after all (waiting, delayed, running) is not doubled.
 */
export async function sweepWebhooks(now = new Date()): Promise<{ requeued: number }> {
  const due = await db.webhookDelivery.findMany({
    where: {
      status: "PENDING",
      nextAttemptAt: { lt: new Date(now.getTime() - webhookSweepAfterMs) },
      createdAt: { gt: new Date(now.getTime() - sweepWindowMs) },
    },
    select: { id: true },
    orderBy: { id: "asc" },
    take: 500,
  });
  await enqueueJobs(due.map((row) => webhookDeliveryJob(row.id)));
  return { requeued: due.length };
}
