// One rule for what people read as an evidence's "check": /docdetail, the audit certificate and the
// evidence package. Only selfies and videos have an automatic check; the other kinds say what applies.

export const evidenceResults = ["PENDING", "VERIFIED", "FAILED", "IN_REVIEW", "DRAWN", "NOT_APPLICABLE"] as const;
export type EvidenceResult = (typeof evidenceResults)[number];

/**
 * The check as shown: a settled check as it is; a drawn signature was checked not to be blank when it
 * was received (DRAWN); any other evidence of a signer who finished had no check to wait for
 * (NOT_APPLICABLE: ID photos are the reference a selfie is compared with, not checked themselves).
 * PENDING is left only while the signer is still signing.
 */
export function evidenceResult(kind: string, check: string, signerFinished: boolean): EvidenceResult {
  if (check !== "PENDING") return check as EvidenceResult;
  if (kind === "SIGNATURE_DRAWING") return "DRAWN";
  return signerFinished ? "NOT_APPLICABLE" : "PENDING";
}
