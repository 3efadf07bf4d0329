import { createHash, randomBytes } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { compareBytes, toArrayBuffer } from "./der";

const sha256Oid = "2.16.840.1.101.3.4.2.1";
const tstInfoOid = "1.2.840.113549.1.9.16.1.4";
const defaultTimeoutMs = 10_000;

/** Credentials in the URL (https://user:pass@tsa/...) become Basic auth: fetch refuses them in the URL. */
export function requestTarget(url: string): { url: string; headers: Record<string, string> } {
  const parsed = new URL(url);
  if (!parsed.username && !parsed.password) return { url, headers: {} };
  const basic = Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString("base64");
  parsed.username = "";
  parsed.password = "";
  return { url: parsed.toString(), headers: { Authorization: `Basic ${basic}` } };
}

/**
 * An RFC 3161 timestamp token (the TSA's CMS ContentInfo, as an ASN.1 value ready to embed) over the SHA-256
 * of `data` (for PAdES B-T, the signature value). The reply must be granted, carry our nonce and imprint, and
 * its signature must verify against the TSA certificate it carries (trust in that TSA is the verifier's call).
 */
export async function requestTimestamp(tsaUrl: string, data: Uint8Array, timeoutMs = defaultTimeoutMs): Promise<asn1js.AsnType> {
  const digest = createHash("sha256").update(data).digest();
  const nonce = randomBytes(8);
  nonce[0] = (nonce[0]! & 0x7f) | 0x01;
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: sha256Oid }),
      hashedMessage: new asn1js.OctetString({ valueHex: toArrayBuffer(digest) }),
    }),
    nonce: new asn1js.Integer({ valueHex: toArrayBuffer(nonce) }),
    certReq: true,
  });
  const target = requestTarget(tsaUrl);
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: "POST",
      headers: { "Content-Type": "application/timestamp-query", Accept: "application/timestamp-reply", ...target.headers },
      body: new Uint8Array(request.toSchema().toBER()),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new Error(`PDF signing: the timestamp authority did not answer (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!response.ok) throw new Error(`PDF signing: the timestamp authority answered HTTP ${response.status}`);
  const reply = new Uint8Array(await response.arrayBuffer());

  const parsed = asn1js.fromBER(toArrayBuffer(reply));
  if (parsed.offset === -1) throw new Error("PDF signing: the timestamp authority's reply is not DER");
  const timeStampResp = new pkijs.TimeStampResp({ schema: parsed.result });
  const status = timeStampResp.status.status;
  if (status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods) {
    const text = timeStampResp.status.statusStrings?.map((s) => s.valueBlock.value).join("; ") ?? "";
    throw new Error(`PDF signing: the timestamp authority refused the request (status ${status}${text ? `: ${text}` : ""})`);
  }
  if (!timeStampResp.timeStampToken) throw new Error("PDF signing: the timestamp authority's reply has no token");
  const signedData = new pkijs.SignedData({ schema: timeStampResp.timeStampToken.content });
  const eContent = signedData.encapContentInfo.eContent;
  if (signedData.encapContentInfo.eContentType !== tstInfoOid || !eContent)
    throw new Error("PDF signing: the timestamp token holds no TSTInfo");
  const tstInfo = pkijs.TSTInfo.fromBER(eContent.getValue());
  const imprint = new Uint8Array(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView);
  if (tstInfo.messageImprint.hashAlgorithm.algorithmId !== sha256Oid || compareBytes(imprint, digest) !== 0) {
    throw new Error("PDF signing: the timestamp token covers other data than the signature");
  }
  if (!tstInfo.nonce || compareBytes(new Uint8Array(tstInfo.nonce.valueBlock.valueHexView), nonce) !== 0) {
    throw new Error("PDF signing: the timestamp token does not answer our request (nonce)");
  }
  let verified = false;
  try {
    verified =
      (await signedData.verify({ signer: 0, checkChain: false, extendedMode: true, data: toArrayBuffer(data) })).signatureVerified === true;
  } catch (error) {
    throw new Error(`PDF signing: the timestamp token does not verify (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!verified) throw new Error("PDF signing: the timestamp token's signature does not verify");

  // Embed the token exactly as the TSA signed it: re-encoding must give its bytes back.
  const token = (parsed.result as asn1js.Sequence).valueBlock.value[1];
  if (!token) throw new Error("PDF signing: the timestamp authority's reply has no token");
  const original = new Uint8Array(token.valueBeforeDecodeView);
  if (compareBytes(new Uint8Array(token.toBER()), original) !== 0) throw new Error("PDF signing: the timestamp token is not DER-encoded");
  return token;
}
