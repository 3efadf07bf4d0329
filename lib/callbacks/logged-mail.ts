import { createHash } from "node:crypto";
import { db } from "@/lib/db/client";
import { sendMail, type MailInput } from "@/lib/notify/mail";
import type { JobAttempt } from "@/lib/queue/job-attempt";
import { recordTransaction, type TransactionEntry } from "./transaction-log";

// A mail a job sends once (completion, rejection): recorded in the transaction log under a description
// prefix, skipped when a row says it was sent, and sent with a stable Message-ID so that a copy sent again
// after a crash (at-least-once at that moment) is dropped by mail systems as the same message.

export type MailLogEntry = Omit<TransactionEntry, "description" | "resultSuccess">;

export async function alreadySent(log: MailLogEntry, prefix: string): Promise<boolean> {
  return (await db.transactionLog.count({ where: { ...log, resultSuccess: true, description: { startsWith: `${prefix}:` } } })) > 0;
}

type LoggedMail = {
  log: MailLogEntry;
  /** How the transaction log names this mail; its rows are "<prefix>: sent" or "<prefix>: failed (…)". */
  prefix: string;
  /** "completion", "rejection": the Message-ID's first word. */
  kind: string;
  /** What makes this mail one message (the shipment and the recipient, the rejecting signer). */
  identity: string;
  baseUrl: string;
  attempt: JobAttempt;
  /** The job's error when sending fails (no address in it). */
  failure: string;
  message: Omit<MailInput, "messageId">;
};

export async function sendLoggedMail(mail: LoggedMail): Promise<{ result: "sent" }> {
  const { log, prefix, attempt } = mail;
  try {
    const idPart = createHash("sha256").update(`${mail.kind}:${mail.identity}`).digest("hex").slice(0, 32);
    await sendMail({ ...mail.message, messageId: `<${mail.kind}-${idPart}@${new URL(mail.baseUrl).hostname}>` });
  } catch (error) {
    const final = attempt.attemptsMade + 1 >= attempt.attempts;
    // The transport's words may hold the address: only the error's name goes to the log.
    const reason = error instanceof Error ? error.name : "unknown";
    await recordTransaction({
      ...log,
      resultSuccess: false,
      description: `${prefix}: failed (${reason})${final ? "; no more attempts" : "; will retry"}`,
    });
    throw new Error(`${mail.failure}: ${reason}`);
  }
  await recordTransaction({ ...log, resultSuccess: true, description: `${prefix}: sent` });
  return { result: "sent" };
}

/**
 * A mail the organisation turned off in /notifications: recorded as handled, so that nothing
 * (a retry, the reconcile job) tries it again.
 */
export async function recordTurnedOff(log: MailLogEntry, prefix: string): Promise<{ result: "skipped" }> {
  if (!(await alreadySent(log, prefix)))
    await recordTransaction({
      ...log,
      resultSuccess: true,
      description: `${prefix}: not sent, turned off in the organisation's notifications`,
    });
  return { result: "skipped" };
}

/** Sends each mail, all of them even when one fails; then fails with the first failure, so that a retry sends the rest. */
export async function sendEach<T>(items: readonly T[], send: (item: T) => Promise<unknown>): Promise<{ result: "sent" | "skipped" }> {
  let failure: unknown = null;
  let sent = 0;
  for (const item of items) {
    try {
      if ((await send(item)) !== "skipped") sent++;
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure) throw failure;
  return { result: sent > 0 ? "sent" : "skipped" };
}
