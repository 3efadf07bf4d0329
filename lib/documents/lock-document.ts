import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

type LockedDocument = { id: number; hexId: string; organizationId: number };

// Row locks held until the transaction ends, so that two sends, a send and a cancel, or two
// completing signers are applied one after the other.

/** The caller's document by its public id; NOT_FOUND when another organisation owns it. */
export async function lockOrganizationDocument(tx: Tx, organizationId: number, documentHexId: string): Promise<LockedDocument> {
  const rows = await tx.$queryRaw<
    LockedDocument[]
  >`SELECT id, "hexId", "organizationId" FROM "Document" WHERE "hexId" = ${documentHexId} AND "organizationId" = ${organizationId} FOR UPDATE`;
  if (!rows[0]) throw new AppError("NOT_FOUND");
  return rows[0];
}

/** A document by its internal id, for jobs and other capabilities that already scoped it. */
export async function lockDocumentById(tx: Tx, documentId: number): Promise<LockedDocument | null> {
  const rows = await tx.$queryRaw<
    LockedDocument[]
  >`SELECT id, "hexId", "organizationId" FROM "Document" WHERE id = ${documentId} FOR UPDATE`;
  return rows[0] ?? null;
}
