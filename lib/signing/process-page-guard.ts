import type { ProcessStatus } from "@/lib/db/generated/enums";
import { isAppError } from "@/lib/errors/app-error";
import { endedLinkPath, type LinkState, linkErrorPath } from "./link-state";
import { type SignatureProcessData, signatureProcessOf } from "./process-data";
import { accessOf, signerByLink, type SignerRecord } from "./signer-access";
import { processPagePath } from "./steps";

export type GuardedProcessPage =
  | { redirect: string }
  | { live: true; signer: SignerRecord; data: SignatureProcessData }
  | { live: false; signer: SignerRecord; state: LinkState; status: ProcessStatus };

export type ProcessPageOptions = { showsStates?: LinkState[]; stepPage?: boolean };

/**
 * Whether a /signature-process page (or /wait) may render for this link, or where the signer goes
 * instead: an unknown link or a wrong secret to the unknown-link page, a used-up link to
 * /maxNumberUses, any other ended state to its page unless the page shows that state itself
 * (full-process shows COMPLETED), and a step page that is not the signer's current step to the
 * one that is.
 */
export async function guardProcessPage(
  page: string,
  urlSign: string,
  processHexId: string,
  ip: string,
  options: ProcessPageOptions = {},
): Promise<GuardedProcessPage> {
  let found;
  try {
    found = await signerByLink(processHexId, urlSign, ip);
  } catch (error) {
    if (isAppError(error) && error.code === "INVALID_LINK") return { redirect: linkErrorPath("UNKNOWN", "UNKNOWN") };
    throw error;
  }
  if (!found.secretOk) return { redirect: linkErrorPath("UNKNOWN", "UNKNOWN") };
  const { signer } = found;
  const process = await signatureProcessOf(accessOf(signer, found.maxUses, found.latestChecks));
  if (process.result !== 1) {
    const state = process.linkState;
    if (!options.showsStates?.includes(state)) return { redirect: endedLinkPath(signer.status, state, urlSign, processHexId) };
    return { live: false, signer, state, status: signer.status };
  }
  if (options.stepPage && process.data.nextPage !== page)
    return { redirect: processPagePath(process.data.nextPage, urlSign, processHexId) };
  return { live: true, signer, data: process.data };
}
