import { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db, type Tx } from "@/lib/db/client";
import type { ProcessType } from "@/lib/db/generated/enums";
import { AppError } from "@/lib/errors/app-error";

/**
 * typeId values of the transaction log (spec §3) that the platform writes itself. Integrators may
 * record their own events with any other positive number (POST /api/log/saveTransactionLog).
 */
export const transactionTypes = {
  /** One attempt to deliver a callback (callBackUrl / callBackUrlSoftFail). */
  CALLBACK: 1,
  /** One completion mail (the link to the signed PDF) to the sender or a signer. */
  COMPLETION_MAIL: 2,
  /** The mail telling the sender that a signer rejected, and why. */
  REJECTION_MAIL: 3,
} as const;

export type TransactionEntry = {
  organizationId: number;
  typeId: number;
  description: string;
  transactionHexId: string;
  processType: ProcessType;
  isSignature: boolean;
  resultSuccess: boolean;
};

/** One row of the transaction log. Descriptions never hold secrets, bodies or full addresses. */
export async function recordTransaction(entry: TransactionEntry, client: Tx | typeof db = db) {
  return client.transactionLog.create({ data: { ...entry, description: entry.description.slice(0, 1000) } });
}

export const saveTransactionLogInput = z
  .object({
    typeId: z
      .number({ error: "VALIDATION_FAILED" })
      .int("VALIDATION_FAILED")
      .min(1, "VALIDATION_FAILED")
      .max(2_000_000_000, "VALIDATION_FAILED"),
    description: z.string({ error: "EMPTY_FIELD" }).trim().min(1, "EMPTY_FIELD").max(1000, "VALIDATION_FAILED"),
    transactionHexId: z.string({ error: "VALIDATION_FAILED" }).regex(/^[0-9a-f]{32}$/, "VALIDATION_FAILED"),
    processType: z.enum(["ENVIO", "VALIDACION"], { error: "VALIDATION_FAILED" }),
    isSignature: z.boolean({ error: "VALIDATION_FAILED" }),
    resultSuccess: z.boolean({ error: "VALIDATION_FAILED" }),
  })
  .strict();

export type SaveTransactionLogInput = z.input<typeof saveTransactionLogInput>;

/** Is the hexId a shipment or one of its signature processes (ENVIO), or a validation process (VALIDACION), of this organisation? */
async function ownsTransaction(organizationId: number, processType: ProcessType, hexId: string): Promise<boolean> {
  if (processType === "VALIDACION") return (await db.validationProcess.count({ where: { hexId, organizationId } })) > 0;
  const [documents, signers] = await Promise.all([
    db.document.count({ where: { hexId, organizationId } }),
    db.signer.count({ where: { hexId, document: { organizationId } } }),
  ]);
  return documents + signers > 0;
}

/**
 * POST /api/log/saveTransactionLog (spec §7): an integrator or the portal records an event of one of
 * its organisation's transactions. Another organisation's (or an unknown) hexId is NOT_FOUND.
 */
export async function saveTransactionLog(context: AuthContext, raw: unknown, ip: string): Promise<{ id: number }> {
  const input = saveTransactionLogInput.parse(raw);
  if (!(await ownsTransaction(context.organizationId, input.processType, input.transactionHexId))) throw new AppError("NOT_FOUND");
  return db.$transaction(async (tx) => {
    const row = await recordTransaction({ ...input, organizationId: context.organizationId }, tx);
    await logOperation(
      {
        module: "DOCUMENTO",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "TRANSACTION_LOG_SAVE",
        ip,
        recordId: input.transactionHexId,
        action: `transaction log ${row.id} type ${input.typeId}`,
      },
      tx,
    );
    return { id: row.id };
  });
}
