import { createHash, randomUUID } from "node:crypto";
import type { z } from "zod";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import type { NetworkRules } from "@/lib/net/address-ranges";
import type { JobAttempt } from "@/lib/queue/job-attempt";
import { signatureHeaderValue } from "@/lib/webhooks/signature";
import { organizationCallbackSecrets } from "./callback-secret";
import { callbackEvents, callbackStatuses, callbackTimeoutMs, type CallbackBody } from "./callback-body";
import { type deliverCallbackPayload } from "./callback-jobs";
import { callbackRules, callbackUrlSendable } from "./callback-url";
import { postCallback, type CallbackAnswer } from "./post-callback";
import { recordTransaction, transactionTypes } from "./transaction-log";

export type CallbackOutcome = { result: "delivered" | "skipped" | "no-url" | "refused"; status?: number };

/** The receiver's host only: paths and queries of callback URLs may carry the integrator's tokens. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "invalid-url";
  }
}

function failureOf(error: unknown): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return `no answer within ${callbackTimeoutMs / 1000} s`;
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return `network error ${typeof code === "string" ? code : error instanceof Error ? error.name : "unknown"}`;
}

/** This process's rules for the addresses a callback may reach (CALLBACK_ALLOW_PRIVATE_NETWORKS in .env.example). */
function configuredRules(): NetworkRules {
  env(); // validates the setting
  return callbackRules();
}

/**
 * Job callbacks.deliver: POSTs the shipment's outcome to the integrator's callBackUrl (completed) or
 * callBackUrlSoftFail (rejected, expired), signed with the organisation's secret. A 2xx answer is a
 * delivery; anything else throws, so BullMQ retries with backoff. Every attempt is a TransactionLog
 * row; once one succeeded, a re-run sends nothing. A URL or an address the rules refuse is recorded and not
 * retried, since retrying cannot help. `rules` are this process's (a test passes its own).
 */
export async function deliverCallback(
  payload: z.infer<typeof deliverCallbackPayload>,
  attempt: JobAttempt,
  rules: NetworkRules = configuredRules(),
): Promise<CallbackOutcome> {
  const { documentId, kind } = payload;
  const document = await db.document.findUnique({
    where: { id: documentId },
    include: {
      signers: {
        orderBy: [{ position: "asc" }, { id: "asc" }],
        select: { hexId: true, firstName: true, lastName: true, status: true, signedAt: true, rejectedAt: true, rejectionReason: true },
      },
    },
  });
  if (!document || document.status !== callbackStatuses[kind]) return { result: "skipped" };
  const url = kind === "completed" ? document.callBackUrl : document.callBackUrlSoftFail;
  if (!url) return { result: "no-url" };
  const event = callbackEvents[kind];
  const log = {
    organizationId: document.organizationId,
    typeId: transactionTypes.CALLBACK,
    transactionHexId: document.hexId,
    processType: "ENVIO" as const,
    isSignature: true,
  };
  const delivered = await db.transactionLog.count({ where: { ...log, resultSuccess: true, description: { startsWith: `${event} ` } } });
  if (delivered > 0) return { result: "skipped" };

  const body: CallbackBody = {
    event,
    documentHexId: document.hexId,
    status: callbackStatuses[kind],
    completedAt: document.completedAt?.toISOString() ?? null,
    signers: document.signers.map((s) => ({
      signerHexId: s.hexId,
      name: `${s.firstName} ${s.lastName}`,
      status: s.status,
      signedAt: s.signedAt?.toISOString() ?? null,
      rejectedAt: s.rejectedAt?.toISOString() ?? null,
      rejectionReason: s.status === "REJECTED" ? s.rejectionReason : null,
    })),
    downloadUrl: kind === "completed" ? `${env().APP_BASE_URL}/api/documents/${document.hexId}/download` : null,
    certificateUrl: kind === "completed" ? `${env().APP_BASE_URL}/api/documents/${document.hexId}/download?file=certificate` : null,
  };
  const text = JSON.stringify(body);
  const number = attempt.attemptsMade + 1;
  const final = number >= attempt.attempts;
  const prefix = `${event} attempt ${number}/${attempt.attempts} to ${hostOf(url)}:`;

  if (!callbackUrlSendable(url, rules)) {
    // A URL stored before the rules tightened: retrying cannot help.
    await recordTransaction({ ...log, resultSuccess: false, description: `${prefix} URL not allowed; not sent` });
    return { result: "refused" };
  }
  let answer: CallbackAnswer | undefined;
  let failure: string | null = null;
  // The current secret, and for 24 h after a rotation the one before it too (two v1 values).
  const secrets = await organizationCallbackSecrets(document.organizationId);
  try {
    answer = await postCallback(url, {
      rules,
      timeoutMs: callbackTimeoutMs,
      headers: {
        "content-type": "application/json",
        "user-agent": "Rubrica-Callbacks/1",
        "x-rubrica-event": event,
        // Unique per attempt; the event id is the same for every attempt at one event, so a receiver can drop a duplicate.
        "x-rubrica-delivery": randomUUID(),
        "x-rubrica-event-id": createHash("sha256").update(`${document.hexId}:${kind}`).digest("hex").slice(0, 32),
        "x-rubrica-attempt": String(number),
        "x-rubrica-signature": signatureHeaderValue(secrets, text, Math.floor(Date.now() / 1000)),
      },
      body: text,
    });
  } catch (error) {
    failure = failureOf(error);
  }
  if (answer?.result === "address-not-allowed") {
    // The host name (or literal address) leads to loopback, a private network or a special range: retrying cannot help.
    await recordTransaction({ ...log, resultSuccess: false, description: `${prefix} address not allowed; not sent` });
    return { result: "refused" };
  }
  const status = answer?.status;
  if (status !== undefined && (status < 200 || status > 299)) failure = `HTTP ${status}`;
  await recordTransaction({
    ...log,
    resultSuccess: failure === null,
    description:
      failure === null ? `${prefix} delivered (HTTP ${status})` : `${prefix} ${failure}${final ? "; no more attempts" : "; will retry"}`,
  });
  if (failure !== null) throw new Error(`Callback ${event} of document ${document.hexId} failed: ${failure}`);
  return { result: "delivered", status };
}
