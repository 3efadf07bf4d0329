import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { lockOrganization } from "@/lib/db/lock-organization";
import { AppError } from "@/lib/errors/app-error";
import { documentTypeInput } from "./document-type-schemas";
import {
  assertNameFree,
  clearOtherDefaults,
  documentTypeInclude,
  findDocumentType,
  toDocumentTypeView,
  type DocumentTypeView,
} from "./document-type-records";

/**
 * Renames a type and sets its default flag. The default flag moves by making another type
 * default; taking it off the default directly would leave the organisation without one.
 */
export async function updateDocumentType(context: AuthContext, hexId: string, raw: unknown, ip: string): Promise<DocumentTypeView> {
  const input = documentTypeInput.parse(raw);
  return db.$transaction(async (tx) => {
    await lockOrganization(tx, context.organizationId);
    const current = await findDocumentType(context.organizationId, hexId, tx);
    if (current.isDefault && input.isDefault === false) throw new AppError("DOCUMENT_TYPE_DEFAULT_REQUIRED", { field: "isDefault" });
    await assertNameFree(tx, context.organizationId, input.name, current.id);
    const isDefault = input.isDefault ?? current.isDefault;
    const type = await tx.documentType.update({
      where: { id: current.id },
      data: { name: input.name, isDefault },
      include: documentTypeInclude,
    });
    if (isDefault) await clearOtherDefaults(tx, context.organizationId, type.id);
    await logOperation(
      {
        module: "ORGANIZACION",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "DOCUMENT_TYPE_UPDATE",
        ip,
        recordId: type.hexId,
      },
      tx,
    );
    return toDocumentTypeView(type);
  });
}
