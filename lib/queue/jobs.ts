import { z } from "zod";
import { purgeExpiredAuth } from "@/lib/auth/purge-expired";

/**
 * Every background job: its queue, payload schema and handler. Handlers are idempotent, so a
 * retried or duplicated job changes nothing twice.
 */
export const jobs = {
  "maintenance.purge-expired-auth": {
    queue: "maintenance",
    payload: z.object({}).strict(),
    handler: async () => purgeExpiredAuth(),
  },
} as const;

export type JobName = keyof typeof jobs;

export const queueNames = [...new Set(Object.values(jobs).map((j) => j.queue))];

/** Repeating jobs the worker schedules at start (BullMQ job schedulers are upserts: no duplicates). */
export const schedules: { name: JobName; everyMs: number }[] = [{ name: "maintenance.purge-expired-auth", everyMs: 15 * 60_000 }];

export async function runJob(name: string, data: unknown): Promise<unknown> {
  if (!(name in jobs)) throw new Error(`Unknown job ${name}`);
  const job = jobs[name as JobName];
  job.payload.parse(data);
  return job.handler();
}
