import type { Job } from "bullmq";
import { errorFields, logger, requestIdFrom, withLogContext } from "@/lib/log/logger";
import { requestIdField } from "@/lib/queue/enqueue";
import { runJob } from "@/lib/queue/jobs";

/**
 * One job as the worker runs it: in the log context of the request (or job) that enqueued it — a repeating job gets
 * an id of its own — with the job's name and id on every line it logs, and one line when it ends.
 */
export function runWorkerJob(job: Job): Promise<unknown> {
  const carried = (job.data as Record<string, unknown> | undefined)?.[requestIdField];
  const context = { requestId: requestIdFrom(typeof carried === "string" ? carried : null), job: job.name, jobId: job.id };
  return withLogContext(context, async () => {
    const log = logger("worker");
    const startedAt = performance.now();
    const attempt = { attemptsMade: job.attemptsMade, attempts: job.opts.attempts ?? 1 };
    try {
      const result = await runJob(job.name, job.data, attempt);
      log.info({ ms: Math.round(performance.now() - startedAt) }, "job completed");
      return result;
    } catch (error) {
      const ms = Math.round(performance.now() - startedAt);
      log.error({ ms, attempt: attempt.attemptsMade + 1, of: attempt.attempts, ...errorFields(error) }, "job failed");
      throw error;
    }
  });
}
