import type { AuthContext } from "@/lib/auth/context";
import { findDocument, loadDraftView } from "./draft-records";

/** The shipment as the preparation screen shows it, whatever its status. */
export async function getDraft(context: AuthContext, documentHexId: string) {
  const document = await findDocument(context, documentHexId);
  return loadDraftView(document.id);
}
