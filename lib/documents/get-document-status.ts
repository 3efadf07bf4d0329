import type { AuthContext } from "@/lib/auth/context";
import { documentStatus, type DocumentStatusView } from "./document-status";

/** GET /api/documents/{hexId}/status: the shipment, its signers and deliveries, never a link. */
export async function getDocumentStatus(context: AuthContext, documentHexId: string): Promise<DocumentStatusView> {
  return documentStatus(context, documentHexId);
}
