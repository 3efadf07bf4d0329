import { createHash, createPublicKey, randomBytes, sign, X509Certificate, type KeyObject } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { toArrayBuffer } from "./der";

/** Object identifiers of the certificates and CRLs our certificate authorities issue (RFC 5280, X.520, RFC 9336). */
export const x509Oid = {
  commonName: "2.5.4.3",
  surname: "2.5.4.4",
  serialNumber: "2.5.4.5",
  country: "2.5.4.6",
  organization: "2.5.4.10",
  organizationalUnit: "2.5.4.11",
  givenName: "2.5.4.42",
  subjectKeyIdentifier: "2.5.29.14",
  keyUsage: "2.5.29.15",
  subjectAltName: "2.5.29.17",
  basicConstraints: "2.5.29.19",
  crlNumber: "2.5.29.20",
  crlDistributionPoints: "2.5.29.31",
  authorityKeyIdentifier: "2.5.29.35",
  extendedKeyUsage: "2.5.29.37",
  documentSigning: "1.3.6.1.5.5.7.3.36",
  sha256WithRsa: "1.2.840.113549.1.1.11",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
} as const;

export type NameAttribute = { type: string; value: string };

/** X.520 attributes that are PrintableString by definition (RFC 5280 appendix A); the rest are UTF8String. */
const printableAttributes = new Set<string>([x509Oid.country, x509Oid.serialNumber]);

/** A distinguished name with one attribute per RDN (pkijs alone would put them all in one multi-valued RDN). */
export function distinguishedName(values: NameAttribute[]): pkijs.RelativeDistinguishedNames {
  const sequence = new asn1js.Sequence({
    value: values.map(
      ({ type, value }) =>
        new asn1js.Set({
          value: [
            new pkijs.AttributeTypeAndValue({
              type,
              value: printableAttributes.has(type) ? new asn1js.PrintableString({ value }) : new asn1js.Utf8String({ value }),
            }).toSchema(),
          ],
        }),
    ),
  });
  return pkijs.RelativeDistinguishedNames.fromBER(sequence.toBER());
}

/** A certificate's or CRL's issuer: its certificate (DER) and private key. */
export type Issuer = { certificate: Uint8Array; privateKey: KeyObject };

/** KeyUsage bits (RFC 5280 4.2.1.3), numbered as in the standard. */
export const keyUsageBit = { digitalSignature: 0, nonRepudiation: 1, keyCertSign: 5, cRLSign: 6 } as const;

export function keyUsage(bits: number[]): pkijs.Extension {
  const highest = Math.max(...bits);
  const bytes = new Uint8Array(Math.floor(highest / 8) + 1);
  for (const bit of bits) bytes[Math.floor(bit / 8)]! |= 0x80 >> (bit % 8);
  const value = new asn1js.BitString({ valueHex: toArrayBuffer(bytes), unusedBits: 7 - (highest % 8) });
  return new pkijs.Extension({ extnID: x509Oid.keyUsage, critical: true, extnValue: value.toBER(false) });
}

export function basicConstraints(ca: boolean, pathLength?: number): pkijs.Extension {
  return new pkijs.Extension({
    extnID: x509Oid.basicConstraints,
    critical: true,
    extnValue: new pkijs.BasicConstraints(ca ? { cA: true, ...(pathLength === undefined ? {} : { pathLenConstraint: pathLength }) } : {})
      .toSchema()
      .toBER(false),
  });
}

export function crlDistributionPoint(url: string): pkijs.Extension {
  const points = new pkijs.CRLDistributionPoints({
    distributionPoints: [new pkijs.DistributionPoint({ distributionPoint: [new pkijs.GeneralName({ type: 6, value: url })] })],
  });
  return new pkijs.Extension({ extnID: x509Oid.crlDistributionPoints, extnValue: points.toSchema().toBER(false) });
}

/** The key identifier of RFC 5280 4.2.1.2 method 1: SHA-1 of the subjectPublicKey bits. */
function keyIdentifier(spki: pkijs.PublicKeyInfo): Uint8Array {
  return new Uint8Array(createHash("sha1").update(spki.subjectPublicKey.valueBlock.valueHexView).digest());
}

function subjectKeyIdentifierOf(certificate: pkijs.Certificate): Uint8Array {
  const extension = certificate.extensions?.find((entry) => entry.extnID === x509Oid.subjectKeyIdentifier);
  if (!extension) return keyIdentifier(certificate.subjectPublicKeyInfo);
  const parsed = asn1js.fromBER(extension.extnValue.valueBlock.valueHexView);
  return new Uint8Array((parsed.result as asn1js.OctetString).valueBlock.valueHexView);
}

function authorityKeyIdentifier(issuer: pkijs.Certificate): pkijs.Extension {
  const value = new pkijs.AuthorityKeyIdentifier({
    keyIdentifier: new asn1js.OctetString({ valueHex: toArrayBuffer(subjectKeyIdentifierOf(issuer)) }),
  });
  return new pkijs.Extension({ extnID: x509Oid.authorityKeyIdentifier, extnValue: value.toSchema().toBER(false) });
}

/** A positive 128-bit serial number (RFC 5280: at most 20 octets, unpredictable for CA/B-style issuance). */
function randomSerial(): asn1js.Integer {
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  return new asn1js.Integer({ valueHex: toArrayBuffer(serial) });
}

/** The signature algorithm an issuer's key signs with, SHA-256 always. */
function signatureAlgorithm(privateKey: KeyObject): pkijs.AlgorithmIdentifier {
  if (privateKey.asymmetricKeyType === "rsa")
    return new pkijs.AlgorithmIdentifier({ algorithmId: x509Oid.sha256WithRsa, algorithmParams: new asn1js.Null() });
  if (privateKey.asymmetricKeyType === "ec") return new pkijs.AlgorithmIdentifier({ algorithmId: x509Oid.ecdsaWithSha256 });
  throw new Error(`PDF signing: a certificate authority's key must be RSA or EC, not ${privateKey.asymmetricKeyType ?? "unknown"}`);
}

/** node:crypto signs: RSA PKCS#1 v1.5, or ECDSA with the DER-encoded (r, s) that X.509 wants. */
function signBytes(bytes: Uint8Array, privateKey: KeyObject): asn1js.BitString {
  return new asn1js.BitString({ valueHex: toArrayBuffer(new Uint8Array(sign("sha256", bytes, privateKey))) });
}

export type CertificateRequest = {
  subject: NameAttribute[];
  publicKey: KeyObject;
  notBefore: Date;
  notAfter: Date;
  /** Extensions besides the key identifiers, which are always added (the authority's only when there is an issuer). */
  extensions: pkijs.Extension[];
  /** Without it the certificate is self-signed with `selfSignedKey`. */
  issuer?: Issuer;
  selfSignedKey?: KeyObject;
};

/** An X.509 v3 certificate (DER) for `publicKey`, signed by the issuer (or by itself), with a random serial. */
export function issueCertificate(request: CertificateRequest): Uint8Array<ArrayBuffer> {
  const signingKey = request.issuer?.privateKey ?? request.selfSignedKey;
  if (!signingKey) throw new Error("PDF signing: a certificate needs an issuer or its own key");
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = randomSerial();
  certificate.subject = distinguishedName(request.subject);
  const issuer = request.issuer ? pkijs.Certificate.fromBER(toArrayBuffer(request.issuer.certificate)) : null;
  certificate.issuer = issuer ? issuer.subject : distinguishedName(request.subject);
  certificate.notBefore = new pkijs.Time({ type: request.notBefore.getUTCFullYear() < 2050 ? 0 : 1, value: request.notBefore });
  certificate.notAfter = new pkijs.Time({ type: request.notAfter.getUTCFullYear() < 2050 ? 0 : 1, value: request.notAfter });
  certificate.subjectPublicKeyInfo = pkijs.PublicKeyInfo.fromBER(
    toArrayBuffer(new Uint8Array(request.publicKey.export({ type: "spki", format: "der" }))),
  );
  certificate.extensions = [
    ...request.extensions,
    new pkijs.Extension({
      extnID: x509Oid.subjectKeyIdentifier,
      extnValue: new asn1js.OctetString({ valueHex: toArrayBuffer(keyIdentifier(certificate.subjectPublicKeyInfo)) }).toBER(false),
    }),
    ...(issuer ? [authorityKeyIdentifier(issuer)] : []),
  ];
  const algorithm = signatureAlgorithm(signingKey);
  certificate.signature = algorithm;
  certificate.signatureAlgorithm = algorithm;
  certificate.tbsView = new Uint8Array(certificate.encodeTBS().toBER());
  certificate.signatureValue = signBytes(certificate.tbsView, signingKey);
  return new Uint8Array(certificate.toSchema(true).toBER());
}

/**
 * An empty X.509 v2 CRL of `issuer` (DER): thisUpdate now, nextUpdate `validForMs` later, a CRL number that grows with
 * time. Our authorities never revoke the short-lived certificates they issue, so the list is always empty.
 */
export function emptyCrl(issuer: Issuer, now = new Date(), validForMs = 7 * 24 * 60 * 60 * 1000): Uint8Array<ArrayBuffer> {
  const issuerCertificate = pkijs.Certificate.fromBER(toArrayBuffer(issuer.certificate));
  const crl = new pkijs.CertificateRevocationList();
  crl.version = 1;
  crl.issuer = issuerCertificate.subject;
  // Whole seconds: what UTCTime carries.
  const thisUpdate = new Date(Math.floor(now.getTime() / 1000) * 1000);
  crl.thisUpdate = new pkijs.Time({ type: 0, value: thisUpdate });
  crl.nextUpdate = new pkijs.Time({ type: 0, value: new Date(thisUpdate.getTime() + validForMs) });
  crl.crlExtensions = new pkijs.Extensions({
    extensions: [
      authorityKeyIdentifier(issuerCertificate),
      new pkijs.Extension({
        extnID: x509Oid.crlNumber,
        extnValue: new asn1js.Integer({ value: Math.floor(now.getTime() / 1000) }).toBER(false),
      }),
    ],
  });
  const algorithm = signatureAlgorithm(issuer.privateKey);
  crl.signature = algorithm;
  crl.signatureAlgorithm = algorithm;
  // toSchema(true) encodes the TBS from the fields (encodeTBS itself is not public).
  crl.tbsView = new Uint8Array((crl.toSchema(true) as asn1js.Sequence).valueBlock.value[0]!.toBER());
  crl.signatureValue = signBytes(crl.tbsView, issuer.privateKey);
  return new Uint8Array(crl.toSchema(true).toBER());
}

/** Whether `issuer` (DER) issued `certificate` (DER): names chain and its key verifies the signature. */
export function issuedBy(certificate: Uint8Array, issuer: Uint8Array): boolean {
  try {
    const child = new X509Certificate(certificate);
    const parent = new X509Certificate(issuer);
    return child.checkIssued(parent) && child.verify(parent.publicKey);
  } catch {
    return false;
  }
}

/** The public key of a private key. */
export function publicKeyOf(privateKey: KeyObject): KeyObject {
  return createPublicKey(privateKey);
}

/**
 * Whether a certificate may issue certificates: basicConstraints cA and, when key usage is present, keyCertSign; with
 * `levelsBelow`, its path length constraint must allow that many CAs under it.
 */
export function isCertificateAuthority(der: Uint8Array, levelsBelow = 0): boolean {
  const x509 = new X509Certificate(der);
  if (!x509.ca) return false;
  const certificate = pkijs.Certificate.fromBER(toArrayBuffer(der));
  const constraints = certificate.extensions?.find((entry) => entry.extnID === x509Oid.basicConstraints);
  if (constraints) {
    const { pathLenConstraint } = new pkijs.BasicConstraints({
      schema: asn1js.fromBER(constraints.extnValue.valueBlock.valueHexView).result,
    });
    const length = typeof pathLenConstraint === "number" ? pathLenConstraint : pathLenConstraint?.valueBlock.valueDec;
    if (length !== undefined && length < levelsBelow) return false;
  }
  const usage = certificate.extensions?.find((entry) => entry.extnID === x509Oid.keyUsage);
  if (!usage) return true;
  const bits = asn1js.fromBER(usage.extnValue.valueBlock.valueHexView).result as asn1js.BitString;
  const bytes = bits.valueBlock.valueHexView;
  return ((bytes[0] ?? 0) & (0x80 >> keyUsageBit.keyCertSign)) !== 0;
}
