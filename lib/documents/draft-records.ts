import type { Prisma } from "@/lib/db/generated/client";
import type { AuthContext } from "@/lib/auth/context";
import { db, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { fromDbLanguage } from "@/lib/i18n/config";

// What every draft use case shares: the organisation-scoped lookup, the edit lock, and the screen's view.

export const draftInclude = {
  flow: { select: { hexId: true, name: true, active: true, kind: true } },
  files: { include: { documentType: { select: { hexId: true, name: true } } }, orderBy: { id: "asc" } },
  orders: { orderBy: { position: "asc" } },
  signers: { include: { contact: { select: { hexId: true } } }, orderBy: [{ position: "asc" }, { id: "asc" }] },
  notifications: { orderBy: { sendAt: "asc" } },
} satisfies Prisma.DocumentInclude;

export type DraftRecord = Prisma.DocumentGetPayload<{ include: typeof draftInclude }>;

/** The caller's organisation's document, or NOT_FOUND: another organisation's id looks like none at all. */
export async function findDocument(context: AuthContext, documentHexId: string, tx: Tx | typeof db = db) {
  const document = await tx.document.findFirst({ where: { hexId: documentHexId, organizationId: context.organizationId } });
  if (!document) throw new AppError("NOT_FOUND");
  return document;
}

/**
 * The draft, row-locked for the rest of `tx` so an edit and a concurrent send cannot interleave;
 * once it is not a draft any more it cannot be edited.
 */
export async function lockDraft(tx: Tx, context: AuthContext, documentHexId: string) {
  const document = await findDocument(context, documentHexId, tx);
  await tx.$queryRaw`SELECT id FROM "Document" WHERE id = ${document.id} FOR UPDATE`;
  const current = await tx.document.findUniqueOrThrow({ where: { id: document.id } });
  if (current.status !== "DRAFT") throw new AppError("SHIPMENT_NOT_DRAFT");
  return current;
}

/** The flow a shipment may use: the organisation's own, active, of kind SIGNATURE. */
export async function signatureFlowId(tx: Tx, context: AuthContext, flowHexId: string | null): Promise<number | null> {
  if (flowHexId === null) return null;
  const flow = await tx.flow.findFirst({
    where: { hexId: flowHexId, organizationId: context.organizationId, active: true, kind: "SIGNATURE" },
  });
  if (!flow) throw new AppError("SHIPMENT_FLOW_INVALID");
  return flow.id;
}

export function toDraftView(document: DraftRecord) {
  return {
    documentHexId: document.hexId,
    status: document.status,
    title: document.title,
    description: document.description,
    expirationDate: document.expirationDate?.toISOString() ?? null,
    flow: document.flow
      ? { flowHexId: document.flow.hexId, name: document.flow.name, active: document.flow.active, kind: document.flow.kind }
      : null,
    tags: document.tags,
    callBackUrl: document.callBackUrl,
    callBackUrlSoftFail: document.callBackUrlSoftFail,
    files: document.files.map((f) => ({
      fileHexId: f.hexId,
      fileName: f.fileName,
      size: f.size,
      pages: f.pages,
      sha256: f.sha256,
      documentType: f.documentType ? { documentTypeHexId: f.documentType.hexId, name: f.documentType.name } : null,
    })),
    orders: document.orders.map((o) => ({ position: o.position, minSigners: o.minSigners })),
    signers: document.signers.map((s) => ({
      signerHexId: s.hexId,
      contactHexId: s.contact?.hexId ?? null,
      firstName: s.firstName,
      lastName: s.lastName,
      email: s.email,
      cellPhone: s.cellPhone,
      position: s.position,
      mandatory: s.mandatory,
      canReject: s.canReject,
      preferredLanguage: fromDbLanguage(s.preferredLanguage),
    })),
    notifications: document.notifications.map((n) => ({ sendAt: n.sendAt.toISOString() })),
    createdAt: document.createdAt.toISOString(),
    updatedAt: document.updatedAt.toISOString(),
  };
}

export type DraftView = ReturnType<typeof toDraftView>;

export async function loadDraftView(documentId: number, tx: Tx | typeof db = db): Promise<DraftView> {
  return toDraftView(await tx.document.findUniqueOrThrow({ where: { id: documentId }, include: draftInclude }));
}
