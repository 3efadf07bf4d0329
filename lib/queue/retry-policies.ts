import { env } from "@/lib/config/env";

/**
 * How often a job runs before BullMQ gives it up, and how long it waits between runs. Every job definition names one
 * of these (lib/queue/define-job.ts), so a retry rule is written once. Delays that read the environment are read when
 * a job is enqueued, not when this module loads.
 */
export type RetryPolicy = {
  readonly attempts: number;
  readonly backoff?: () => { type: "exponential" | "fixed"; delay: number };
};

const exponential = (delay: () => number) => () => ({ type: "exponential" as const, delay: delay() });
const deliveryDelay = () => env().DELIVERY_RETRY_DELAY_MS;

export const retryPolicies = {
  /** Repeating sweeps: a run is not retried, the schedule's next run is the retry. */
  once: { attempts: 1 },
  /** Signing and sealing PDFs, issuing certificates: local work that mostly fails on a passing outage (storage, TSA, OCSP). */
  sealing: { attempts: 8, backoff: exponential(() => 2_000) },
  /** Callbacks and webhooks to an integrator's URL: the receiver may be down for a while. */
  peerDelivery: { attempts: 8, backoff: exponential(deliveryDelay) },
  /** Invitation, completion and rejection mails and SMS. */
  message: { attempts: 5, backoff: exponential(deliveryDelay) },
  /** Reminders: a later one follows anyway. */
  reminder: { attempts: 3, backoff: exponential(deliveryDelay) },
  /** Face and liveness checks; the last attempt settles the check for review instead of failing (lib/evidence). */
  identityCheck: { attempts: 3, backoff: exponential(() => 1_000) },
  /** An early stamping run; the schedule stamps whatever it leaves. */
  stamping: { attempts: 3, backoff: exponential(() => 5_000) },
} as const satisfies Record<string, RetryPolicy>;

export type RetryPolicyName = keyof typeof retryPolicies;

/**
 * How long BullMQ waits, under `policy`, after a job's `attemptsMade`-th failed run before the next (its built-in
 * strategies without jitter: `fixed` always the delay, `exponential` the delay doubled from the second retry on);
 * 0 for a policy without backoff. For what a job tells about its next attempt (a webhook delivery's nextAttemptAt).
 */
export function retryDelayMs(policy: RetryPolicy, attemptsMade: number): number {
  if (!policy.backoff) return 0;
  const { type, delay } = policy.backoff();
  return type === "fixed" ? delay : Math.round(2 ** Math.max(0, attemptsMade - 1) * delay);
}
