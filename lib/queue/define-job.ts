import type { JobsOptions } from "bullmq";
import type { z } from "zod";
import { enqueueJobs, jobPayload, type QueuedJob } from "@/lib/queue/enqueue";
import type { JobAttempt } from "@/lib/queue/job-attempt";
import { retryPolicies, type RetryPolicy } from "@/lib/queue/retry-policies";

/** What one enqueueing may set besides the payload: an id of its own (a job whose id is not its payload's), a delay. */
export type EnqueueOptions = Pick<JobsOptions, "jobId" | "delay">;

type JobSpec<T> = {
  /** The name BullMQ stores with each job: kept as it is, or jobs already queued by a running deployment find no handler. */
  name: string;
  queue: string;
  payload: z.ZodType<T>;
  /** One of lib/queue/retry-policies.ts. */
  retry: RetryPolicy;
  /** The job's deterministic id (BullMQ ignores an id it already holds, so the same work enqueued twice runs once). */
  jobId?: (payload: T) => string;
  /** How long BullMQ keeps a finished job. */
  retention?: Pick<JobsOptions, "removeOnComplete" | "removeOnFail">;
  /** A repeating job: registered by the worker at start (workers/start.ts). Its runs are not retried; the next run is. */
  everyMs?: () => number;
  /** Idempotent: a retried or duplicated run changes nothing twice. */
  handler: (payload: T, attempt: JobAttempt) => Promise<unknown>;
  /**
   * Loads the modules a handler imports when it runs (kept out of the web process, which only enqueues). The worker
   * loads them at start, before it takes a job: loading them mid-job blocks for seconds, past the job's lock
   * (WORKER_LOCK_MS), and a job that stalls again after a crash is failed by BullMQ instead of run.
   */
  load?: () => Promise<unknown>;
};

/** A job as the registry and the worker see it, whatever its payload's type. */
export type RegisteredJob = {
  readonly name: string;
  readonly queue: string;
  readonly payload: z.ZodType;
  readonly retry: RetryPolicy;
  readonly everyMs?: () => number;
  readonly load?: () => Promise<unknown>;
  /** The payload of a stored job (the enqueuing request's id taken off), or a PayloadError saying why it is refused. */
  parse: (data: unknown) => unknown;
  /** Checks a stored job's data (PayloadError if refused) and runs the handler on it. */
  run: (data: unknown, attempt: JobAttempt) => Promise<unknown>;
};

export type JobDefinition<T> = Readonly<JobSpec<T>> &
  RegisteredJob & {
    /** The job ready for enqueueJobs, its payload checked: an invalid payload throws here, before anything is queued. */
    queued: (payload: T, options?: EnqueueOptions) => QueuedJob;
    enqueue: (payload: T, options?: EnqueueOptions) => Promise<void>;
    /** The payload of a stored job (the enqueuing request's id taken off), or a PayloadError saying why it is refused. */
    parse: (data: unknown) => T;
  };

/** A job's data its schema refuses: running it again cannot help, so the worker fails it without retry. */
export class PayloadError extends Error {
  constructor(
    readonly jobName: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(
      `Invalid payload for job ${jobName}: ${issues.map((issue) => `${issue.path.join(".") || "(root)"} ${issue.message}`).join("; ")}`,
    );
    this.name = "PayloadError";
  }
}

const knownPolicies = new Set<RetryPolicy>(Object.values(retryPolicies));

/**
 * One background job: its name, queue, payload schema, retry policy and handler, declared beside its domain and listed
 * once in workers/registry.ts.
 */
export function defineJob<T>(spec: JobSpec<T>): JobDefinition<T> {
  if (!knownPolicies.has(spec.retry)) throw new Error(`Job ${spec.name}: its retry policy is not one of lib/queue/retry-policies.ts`);
  const parse = (data: unknown): T => {
    const parsed = spec.payload.safeParse(jobPayload(data));
    if (!parsed.success) throw new PayloadError(spec.name, parsed.error.issues);
    return parsed.data;
  };
  const queued = (payload: T, options: EnqueueOptions = {}): QueuedJob => {
    const data = parse(payload) as Record<string, unknown>;
    const jobId = options.jobId ?? spec.jobId?.(payload as T);
    if (!jobId) throw new Error(`Job ${spec.name} has no id: pass one (jobId) when enqueueing it`);
    return {
      queue: spec.queue,
      name: spec.name,
      data,
      options: {
        attempts: spec.retry.attempts,
        ...(spec.retry.backoff ? { backoff: spec.retry.backoff() } : {}),
        ...spec.retention,
        ...options,
        jobId,
      },
    };
  };
  return {
    ...spec,
    parse,
    queued,
    enqueue: async (payload, options) => enqueueJobs([queued(payload, options)]),
    run: (data, attempt) => spec.handler(parse(data), attempt),
  };
}
