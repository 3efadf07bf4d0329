import { createHash, sign, X509Certificate } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import type { SigningCredentials } from "./credentials";
import { compareBytes, toArrayBuffer } from "./der";
import { requestTimestamp } from "./timestamp";

/** Object identifiers of the CAdES signature PAdES B-B/B-T needs (RFC 5652, RFC 5035, RFC 3161). */
export const cmsOid = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingTime: "1.2.840.113549.1.9.5",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  timeStampToken: "1.2.840.113549.1.9.16.2.14",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
} as const;

function sha256(bytes: Uint8Array): Buffer {
  return createHash("sha256").update(bytes).digest();
}

function attribute(type: string, value: asn1js.AsnType): pkijs.Attribute {
  return new pkijs.Attribute({ type, values: [value] });
}

/**
 * ESS signing-certificate-v2 (RFC 5035): SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }, one ESSCertIDv2 of the
 * signing certificate with its SHA-256 hash (the default algorithm, so left out) and its issuer and serial.
 */
function signingCertificateV2(certificate: pkijs.Certificate, der: Uint8Array): asn1js.Sequence {
  const issuerSerial = new pkijs.IssuerSerial({
    issuer: new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 4, value: certificate.issuer })] }),
    serialNumber: certificate.serialNumber,
  });
  const essCertIdV2 = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: toArrayBuffer(sha256(der)) }), issuerSerial.toSchema()],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

function signatureAlgorithm(credentials: SigningCredentials): { identifier: pkijs.AlgorithmIdentifier } {
  const type = credentials.privateKey.asymmetricKeyType;
  if (type === "rsa")
    return { identifier: new pkijs.AlgorithmIdentifier({ algorithmId: cmsOid.rsaEncryption, algorithmParams: new asn1js.Null() }) };
  if (type === "ec") return { identifier: new pkijs.AlgorithmIdentifier({ algorithmId: cmsOid.ecdsaWithSha256 }) };
  throw new Error(`PDF signing: unsupported key type ${type ?? "unknown"} (RSA or EC keys sign PDFs)`);
}

export type CadesOptions = {
  /** SHA-256 of the bytes the signature covers (the PDF's /ByteRange). */
  contentDigest: Uint8Array;
  credentials: SigningCredentials;
  /** RFC 3161 timestamp authority: with it, the signature value is timestamped (PAdES B-T). */
  tsaUrl?: string;
};

// Parsing a certificate (asn1js) costs more than the RSA signature itself: the seal's and the authorities'
// certificates, the same bytes on every signature, are parsed once. Nothing here is mutated after parsing.
const certificates = new WeakMap<Uint8Array, pkijs.Certificate>();

function parsedCertificate(der: Uint8Array): pkijs.Certificate {
  let certificate = certificates.get(der);
  if (!certificate) {
    certificate = pkijs.Certificate.fromBER(toArrayBuffer(der));
    certificates.set(der, certificate);
  }
  return certificate;
}

/**
 * A detached CAdES signature (CMS SignedData, DER) for SubFilter ETSI.CAdES.detached, PAdES B-B: signed
 * attributes exactly contentType, messageDigest and signing-certificate-v2; no signingTime (the PDF's /M
 * carries the claimed time). With tsaUrl the unsigned attribute id-aa-timeStampToken makes it B-T.
 */
export async function buildCadesSignature({ contentDigest, credentials, tsaUrl }: CadesOptions): Promise<Uint8Array> {
  const certificate = parsedCertificate(credentials.certificate);
  const sha256Algorithm = () => new pkijs.AlgorithmIdentifier({ algorithmId: cmsOid.sha256 });
  // DER orders a SET OF by the encodings of its members.
  const attributes = [
    attribute(cmsOid.contentType, new asn1js.ObjectIdentifier({ value: cmsOid.data })),
    attribute(cmsOid.messageDigest, new asn1js.OctetString({ valueHex: toArrayBuffer(contentDigest) })),
    attribute(cmsOid.signingCertificateV2, signingCertificateV2(certificate, credentials.certificate)),
  ]
    .map((attr) => ({ attr, der: new Uint8Array(attr.toSchema().toBER()) }))
    .sort((a, b) => compareBytes(a.der, b.der))
    .map(({ attr }) => attr);
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes });
  // The signature covers the attributes encoded as a SET (tag 0x31), not as the [0] IMPLICIT they are stored with.
  const toSign = new Uint8Array(signedAttrs.toSchema().toBER());
  toSign[0] = 0x31;
  const algorithm = signatureAlgorithm(credentials);
  const signatureValue = sign("sha256", toSign, credentials.privateKey);

  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
    digestAlgorithm: sha256Algorithm(),
    signedAttrs,
    signatureAlgorithm: algorithm.identifier,
    signature: new asn1js.OctetString({ valueHex: toArrayBuffer(signatureValue) }),
  });
  if (tsaUrl) {
    const token = await requestTimestamp(tsaUrl, signatureValue);
    signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 1, attributes: [attribute(cmsOid.timeStampToken, token)] });
  }
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [sha256Algorithm()],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: cmsOid.data }),
    certificates: [certificate, ...credentials.chain.map(parsedCertificate)],
    signerInfos: [signerInfo],
  });
  const contentInfo = new pkijs.ContentInfo({ contentType: cmsOid.signedData, content: signedData.toSchema() });
  return new Uint8Array(contentInfo.toSchema().toBER());
}

/** Fails unless the certificate is valid at `at`: a signature made outside that window is worthless. */
export function assertCertificateCurrent(credentials: SigningCredentials, at: Date): void {
  const x509 = new X509Certificate(credentials.certificate);
  if (at < new Date(x509.validFrom) || at > new Date(x509.validTo)) {
    throw new Error(
      `PDF signing: the signing certificate (${x509.subject.replace(/\n/g, ", ")}) is valid from ${x509.validFrom} to ${x509.validTo}`,
    );
  }
  if (!x509.checkPrivateKey(credentials.privateKey))
    throw new Error("PDF signing: the private key does not belong to the signing certificate");
}
