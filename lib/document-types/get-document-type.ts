import type { AuthContext } from "@/lib/auth/context";
import { findDocumentType, toDocumentTypeView, type DocumentTypeView } from "./document-type-records";

export async function getDocumentType(context: AuthContext, hexId: string): Promise<DocumentTypeView> {
  return toDocumentTypeView(await findDocumentType(context.organizationId, hexId));
}
