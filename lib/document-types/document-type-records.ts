import type { Tx } from "@/lib/db/client";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";

export const documentTypeInclude = { _count: { select: { files: true, steps: true } } } satisfies Prisma.DocumentTypeInclude;

export type DocumentTypeRecord = Prisma.DocumentTypeGetPayload<{ include: typeof documentTypeInclude }>;

export type DocumentTypeView = {
  documentTypeHexId: string;
  name: string;
  isDefault: boolean;
  /** Referenced by uploaded files or flow steps: it cannot be deleted. */
  inUse: boolean;
};

export function toDocumentTypeView(type: DocumentTypeRecord): DocumentTypeView {
  return { documentTypeHexId: type.hexId, name: type.name, isDefault: type.isDefault, inUse: type._count.files + type._count.steps > 0 };
}

/** A document type of the caller's organisation; another organisation's does not exist for them. */
export async function findDocumentType(organizationId: number, hexId: string, tx: Tx | typeof db = db): Promise<DocumentTypeRecord> {
  const type = await tx.documentType.findFirst({ where: { hexId, organizationId }, include: documentTypeInclude });
  if (!type) throw new AppError("NOT_FOUND");
  return type;
}

/**
 * Spec §5: the name is unique in the organisation. Compared without case so that "Contrato" and
 * "contrato" cannot both exist; the database's unique index backs the exact match.
 */
export async function assertNameFree(tx: Tx, organizationId: number, name: string, exceptId?: number): Promise<void> {
  const clash = await tx.documentType.findFirst({
    where: { organizationId, name: { equals: name, mode: "insensitive" }, id: exceptId ? { not: exceptId } : undefined },
  });
  if (clash) throw new AppError("DOCUMENT_TYPE_NAME_EXISTS", { field: "name" });
}

/** Exactly one default per organisation: the new default takes the flag from the previous one. */
export async function clearOtherDefaults(tx: Tx, organizationId: number, keepId: number): Promise<void> {
  await tx.documentType.updateMany({ where: { organizationId, isDefault: true, id: { not: keepId } }, data: { isDefault: false } });
}
