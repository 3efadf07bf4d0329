import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { toDbLanguage } from "@/lib/i18n/config";
import { enqueueJobs, type QueuedJob } from "@/lib/queue/enqueue";
import { randomHex } from "@/lib/security/random";
import { storage, type StoredObject } from "@/lib/storage";
import { markDraftSent } from "../send-document";
import { blockingErrors, type BatchRowError } from "./plan";
import { planBatchInput, readBatchInput, type BatchUpload } from "./read-batch";

export type BatchCreated = { key: string; documentHexId: string; title: string };

export type BatchImportResult = { ok: true; sent: boolean; shipments: BatchCreated[] } | { ok: false; errors: BatchRowError[] };

/** The rows were fine at first and are not any more (a flow deactivated meanwhile...): nothing is kept. */
class BatchRejected extends Error {
  constructor(readonly errors: BatchRowError[]) {
    super("BATCH_IMPORT_INVALID_ROWS");
  }
}

// Hundreds of shipments, each with its signers, in one transaction.
const transactionOptions = { maxWait: 10_000, timeout: 120_000 };

/**
 * Creates every shipment of the file as a draft, or sends them all, or creates nothing: any row
 * with an error refuses the whole import. The PDFs are stored before the transaction (the store is
 * not part of it) and removed again unless it commits; invitations are queued after it commits.
 */
export async function commitBatchImport(context: AuthContext, upload: BatchUpload, ip: string): Promise<BatchImportResult> {
  const input = await readBatchInput(context.organizationId, upload);
  const checked = await planBatchInput(db, context.organizationId, input);
  const refused = blockingErrors(checked.errors, upload.send);
  if (refused.length > 0) return { ok: false, errors: refused };

  const stored = new Map<string, StoredObject>();
  let outcome: { created: BatchCreated[]; jobs: QueuedJob[] };
  try {
    for (const shipment of checked.shipments) stored.set(shipment.key, await storage().put(shipment.file!.bytes));
    outcome = await db.$transaction(async (tx) => {
      // Checked again inside the transaction: the organisation's flows may have changed since.
      const plan = await planBatchInput(tx, context.organizationId, input);
      const again = blockingErrors(plan.errors, upload.send);
      if (again.length > 0) throw new BatchRejected(again);
      const shipments = plan.shipments.map((shipment) => ({ shipment, hexId: randomHex(), object: stored.get(shipment.key)! }));
      const documents = await tx.document.createManyAndReturn({
        data: shipments.map(({ shipment, hexId }) => ({
          hexId,
          organizationId: context.organizationId,
          senderId: context.userId,
          flowId: shipment.flow?.id ?? null,
          title: shipment.title,
          description: shipment.description,
          expirationDate: shipment.expirationDate,
          tags: [],
        })),
        select: { id: true, hexId: true },
      });
      const idByHex = new Map(documents.map((d) => [d.hexId, d.id]));
      const rows = shipments.map((s) => ({ ...s, documentId: idByHex.get(s.hexId)! }));
      await tx.documentFile.createMany({
        data: rows.map(({ shipment, object, documentId }) => ({
          documentId,
          documentTypeId: shipment.documentType?.id ?? null,
          fileName: shipment.file!.name,
          storageKey: object.key,
          sha256: object.sha256,
          size: object.size,
          pages: shipment.file!.pages,
        })),
      });
      await tx.signerOrder.createMany({
        data: rows.flatMap(({ shipment, documentId }) =>
          shipment.orders.map((o) => ({ documentId, position: o.position, minSigners: o.minSigners })),
        ),
      });
      await tx.signer.createMany({
        data: rows.flatMap(({ shipment, documentId }) =>
          shipment.signers.map((s) => ({
            documentId,
            position: s.position,
            firstName: s.firstName,
            lastName: s.lastName,
            email: s.email,
            cellPhone: s.cellPhone,
            preferredLanguage: toDbLanguage(s.preferredLanguage),
            mandatory: s.mandatory,
            canReject: s.canReject,
          })),
        ),
      });
      const now = new Date();
      const jobs: QueuedJob[] = [];
      for (const { hexId, documentId } of rows) {
        await logOperation(
          {
            module: "DOCUMENTO",
            organizationId: context.organizationId,
            userId: context.userId,
            event: "DOCUMENT_DRAFT_CREATE",
            ip,
            recordId: hexId,
            action: "batch import",
          },
          tx,
        );
        if (upload.send) jobs.push(...(await markDraftSent(tx, context, { id: documentId, hexId }, ip, now)));
      }
      const signerCount = rows.reduce((n, r) => n + r.shipment.signers.length, 0);
      await logOperation(
        {
          module: "DOCUMENTO",
          organizationId: context.organizationId,
          userId: context.userId,
          event: "DOCUMENT_BATCH_IMPORT",
          ip,
          action: `import ${rows.length} shipments with ${signerCount} signers${upload.send ? " and send them" : " as drafts"}`,
        },
        tx,
      );
      return { created: rows.map(({ shipment, hexId }) => ({ key: shipment.key, documentHexId: hexId, title: shipment.title })), jobs };
    }, transactionOptions);
  } catch (error) {
    await Promise.all([...stored.values()].map((object) => storage().delete(object.key)));
    if (error instanceof BatchRejected) return { ok: false, errors: error.errors };
    throw error;
  }
  await enqueueJobs(outcome.jobs);
  return { ok: true, sent: upload.send, shipments: outcome.created };
}
