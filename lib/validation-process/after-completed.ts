import { enqueueJobs } from "@/lib/queue/enqueue";
import { stampSoonJob } from "@/lib/stamping/stamp-pending";
import { validationCertificateJob } from "./certificate-job";
import { errorFields, logger } from "@/lib/log/logger";

// What follows a validation process reaching COMPLETED (its last step passed, or staff accepted it in review),
// called after the transaction that completed it has committed. Both ways in call it:
// lib/validation-process (the person's flow) and lib/validation-review/decide-process.ts (staff).

/**
 * After a validation process's completion is committed: its evidence is stamped soon (a job), and its validation
 * certificate is made, once the stamps are in or their wait runs out (lib/validation-process/certificate-job.ts).
 * The completion stands even if the queue cannot be reached: the reconcile sweep queues the certificate later.
 */
export async function afterValidationCompleted(processId: number): Promise<void> {
  try {
    await enqueueJobs([stampSoonJob(), validationCertificateJob(processId)]);
  } catch (error) {
    logger("validation").error({ processId, ...errorFields(error) }, "certificate job not queued; the reconcile sweep will queue it");
  }
}
