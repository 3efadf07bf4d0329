/** Which run of a job this is: attemptsMade runs already failed, out of `attempts` allowed. */
export type JobAttempt = { attemptsMade: number; attempts: number };

/** A job run outside BullMQ (a test, a script) gets a single attempt. */
export const singleAttempt: JobAttempt = { attemptsMade: 0, attempts: 1 };
