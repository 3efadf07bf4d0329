import { HttpTimestampAuthority, PDF } from "@libpdf/core";
import { checkedRevocationProvider, type RevocationProblem } from "./revocation";
import { localCrlSource } from "./signing-authority";
import { requestTarget } from "./timestamp";

export type LongTermOptions = {
  /** RFC 3161 authority of the archival document timestamp (the same one the signatures use). */
  tsaUrl: string;
  /** Name of the document timestamp's field, unique in the file. */
  fieldName: string;
};

/**
 * PAdES B-LT and B-LTA for a signed PDF, as incremental updates that leave every earlier byte (and so every
 * signature) untouched: a DSS with the certificates, OCSP answers and CRLs of every signature and timestamp
 * in the file, then an archival document timestamp over all of it, then the timestamp's own validation data.
 * Signatures then stay verifiable after their certificates expire or their CAs go offline.
 *
 * An earlier document timestamp counts as one more signature: fresh validation data for it goes into the DSS before
 * the new archival timestamp covers it (@libpdf/core gathers for every signed field, document timestamps included).
 *
 * Revocation data comes from the sources the certificates name (an OCSP responder, else their CRLs; our own CAs'
 * CRLs, for the signers' certificates, are made here: lib/pdf/signing-authority.ts) and is checked first
 * (lib/pdf/revocation.ts): a revoked certificate, or a named source that cannot be read, fails the call, so the caller's job is retried
 * rather than finishing a file that lacks it. Certificates naming no source (the development certificate)
 * simply get none.
 */
export async function addLongTermValidation(pdf: Uint8Array, { tsaUrl, fieldName }: LongTermOptions): Promise<Uint8Array> {
  const target = requestTarget(tsaUrl);
  const provider = checkedRevocationProvider({ localCrl: localCrlSource() });
  const document = await PDF.load(pdf);
  const { bytes } = await document.addArchivalData({
    timestampAuthority: new HttpTimestampAuthority(target.url, { headers: target.headers, timeout: 15_000 }),
    revocationProvider: provider,
    fieldName,
  });
  const described = (kind: RevocationProblem["kind"]) =>
    [
      ...new Set(provider.problems.filter((problem) => problem.kind === kind).map((problem) => `${problem.subject} (${problem.detail})`)),
    ].join("; ");
  const revoked = described("revoked");
  if (revoked) throw new Error(`PDF signing: certificate revoked: ${revoked}`);
  const unavailable = described("unavailable");
  if (unavailable) throw new Error(`PDF signing: revocation data unavailable, try again later: ${unavailable}`);
  if (bytes.byteLength <= pdf.byteLength || Buffer.compare(Buffer.from(bytes.subarray(0, pdf.byteLength)), Buffer.from(pdf)) !== 0) {
    throw new Error("PDF signing: the long-term validation data was not appended as an incremental update");
  }
  return bytes;
}
