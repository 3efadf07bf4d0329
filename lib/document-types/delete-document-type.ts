import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { lockOrganization } from "@/lib/db/lock-organization";
import { AppError } from "@/lib/errors/app-error";
import { findDocumentType } from "./document-type-records";

/** The default type and types that files or flow steps refer to stay. */
export async function deleteDocumentType(context: AuthContext, hexId: string, ip: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockOrganization(tx, context.organizationId);
    await tx.$executeRaw`SELECT id FROM "DocumentType" WHERE "hexId" = ${hexId} AND "organizationId" = ${context.organizationId} FOR UPDATE`;
    const type = await findDocumentType(context.organizationId, hexId, tx);
    if (type.isDefault) throw new AppError("DOCUMENT_TYPE_DEFAULT_REQUIRED");
    if (type._count.files + type._count.steps > 0) throw new AppError("DOCUMENT_TYPE_IN_USE");
    await tx.documentType.delete({ where: { id: type.id } });
    await logOperation(
      {
        module: "ORGANIZACION",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "DOCUMENT_TYPE_DELETE",
        ip,
        recordId: type.hexId,
      },
      tx,
    );
  });
}
