import { signerLinkState } from "./link-state";
import { signerByLink } from "./signer-access";

/** The verify call of spec §7: the process's status and, for a signature, its document's status. */
export async function verifySignatureProcess(processHexId: string, urlSign: string | null, ip: string) {
  const { signer, secretOk } = await signerByLink(processHexId, urlSign, ip);
  if (!secretOk) return { status: "UNKNOWN", documentStatus: "UNKNOWN", linkState: "UNKNOWN" };
  return {
    status: signer.status,
    documentStatus: signer.document.status,
    linkState: signerLinkState(signer.status, signer.document.status),
  };
}
