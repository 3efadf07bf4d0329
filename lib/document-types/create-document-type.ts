import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { lockOrganization } from "@/lib/db/lock-organization";
import { documentTypeInput } from "./document-type-schemas";
import {
  assertNameFree,
  clearOtherDefaults,
  documentTypeInclude,
  toDocumentTypeView,
  type DocumentTypeView,
} from "./document-type-records";

/** The first type of an organisation becomes its default, so that there is always one. */
export async function createDocumentType(context: AuthContext, raw: unknown, ip: string): Promise<DocumentTypeView> {
  const input = documentTypeInput.parse(raw);
  return db.$transaction(async (tx) => {
    await lockOrganization(tx, context.organizationId);
    await assertNameFree(tx, context.organizationId, input.name);
    const hasDefault = (await tx.documentType.count({ where: { organizationId: context.organizationId, isDefault: true } })) > 0;
    const type = await tx.documentType.create({
      data: { organizationId: context.organizationId, name: input.name, isDefault: input.isDefault === true || !hasDefault },
      include: documentTypeInclude,
    });
    if (type.isDefault) await clearOtherDefaults(tx, context.organizationId, type.id);
    await logOperation(
      {
        module: "ORGANIZACION",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "DOCUMENT_TYPE_CREATE",
        ip,
        recordId: type.hexId,
      },
      tx,
    );
    return toDocumentTypeView(type);
  });
}
