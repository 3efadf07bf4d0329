import { signerAccess } from "./signer-access";

/**
 * The verify call of spec §7: the process's status and, for a signature, its document's status.
 * A wrong or missing secret is answered as an unknown process (INVALID_LINK), never with a status.
 */
export async function verifySignatureProcess(processHexId: string, urlSign: string | null, ip: string) {
  const { signer, state } = await signerAccess(processHexId, urlSign, ip);
  return { status: signer.status, documentStatus: signer.document.status, linkState: state };
}
