import type { RequestMeta } from "@/lib/auth/sessions";
import { checkIdentityRegistry } from "@/lib/evidence/registry-check";
import { liveSignerAccess } from "./signer-access";
import { signerRound } from "./signer-identity";

/**
 * GET /centralRecord/saveCRIEvidence/{id}: checks the signer's confirmed identity against the
 * government identity registry (lib/evidence/registry-check.ts), kept as evidence of their process.
 */
export async function saveCriEvidence(processHexId: string, urlSign: string | null, meta: RequestMeta) {
  const { signer } = await liveSignerAccess(processHexId, urlSign, meta.ip);
  return checkIdentityRegistry({ ...signerRound(signer), hexId: signer.hexId }, signer);
}
