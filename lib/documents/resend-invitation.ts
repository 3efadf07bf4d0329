import type { AuthContext } from "@/lib/auth/context";
import type { DocumentStatusView } from "./document-status";
import { queueSignerInvitation } from "./signer-delivery";

/**
 * Resends a signer's invitation on their favourite channel (spec §5: a channel must exist). The
 * resent message carries a fresh link; the previous link stops working once it goes out.
 */
export async function resendInvitation(
  context: AuthContext,
  documentHexId: string,
  signerHexId: string,
  ip: string,
): Promise<DocumentStatusView> {
  return queueSignerInvitation(context, { documentHexId, signerHexId }, "DOCUMENT_RESEND", ip);
}
