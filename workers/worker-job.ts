import { UnrecoverableError, type Job } from "bullmq";
import { errorFields, logger, requestIdFrom, withLogContext } from "@/lib/log/logger";
import { PayloadError } from "@/lib/queue/define-job";
import { requestIdField } from "@/lib/queue/enqueue";
import { registeredJob } from "./registry";

/**
 * One job as the worker runs it: in the log context of the request (or job) that enqueued it — a repeating job gets
 * an id of its own — with the job's name and id on every line it logs, and one line when it ends. A job whose payload
 * its schema refuses fails at once, without retry: running it again cannot help.
 */
export function runWorkerJob(job: Job): Promise<unknown> {
  const carried = (job.data as Record<string, unknown> | undefined)?.[requestIdField];
  const context = { requestId: requestIdFrom(typeof carried === "string" ? carried : null), job: job.name, jobId: job.id };
  return withLogContext(context, async () => {
    const log = logger("worker");
    const startedAt = performance.now();
    const attempt = { attemptsMade: job.attemptsMade, attempts: job.opts.attempts ?? 1 };
    try {
      // An unknown name is retried: a worker of an older release may meet a job a newer web process enqueued.
      const definition = registeredJob(job.name);
      if (!definition) throw new Error(`Unknown job ${job.name}`);
      try {
        definition.parse(job.data);
      } catch (error) {
        if (!(error instanceof PayloadError)) throw error;
        log.error({ issues: error.issues, ...errorFields(error) }, "job payload invalid: failed without retry");
        throw new UnrecoverableError(error.message);
      }
      const result = await definition.run(job.data, attempt);
      log.info({ ms: Math.round(performance.now() - startedAt) }, "job completed");
      return result;
    } catch (error) {
      if (error instanceof UnrecoverableError) throw error;
      const ms = Math.round(performance.now() - startedAt);
      log.error({ ms, attempt: attempt.attemptsMade + 1, of: attempt.attempts, ...errorFields(error) }, "job failed");
      throw error;
    }
  });
}
