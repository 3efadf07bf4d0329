import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { documentTypeInclude, toDocumentTypeView } from "./document-type-records";

/** Spec §7 GET /fileType/getAllFileType: the organisation's document types under `data`, default first. */
export async function listDocumentTypes(context: AuthContext) {
  const types = await db.documentType.findMany({
    where: { organizationId: context.organizationId },
    include: documentTypeInclude,
    orderBy: [{ isDefault: "desc" }, { name: "asc" }],
  });
  return { data: types.map(toDocumentTypeView) };
}
