import { generateKeyPairSync, X509Certificate, type KeyObject } from "node:crypto";
import * as pkijs from "pkijs";
import type { SigningCredentials } from "./credentials";
import {
  basicConstraints,
  crlDistributionPoint,
  issueCertificate,
  keyUsage,
  keyUsageBit,
  publicKeyOf,
  x509Oid,
  type NameAttribute,
} from "./x509";

/** Who signs, as the signer's record knows them. */
export type SignerIdentity = {
  firstName: string;
  lastName: string;
  email?: string | null;
  /** ISO 3166-1 alpha-2. */
  country?: string | null;
  /** An IdentType code (prisma/seed.ts): DNI, NIE, PASSPORT, CURP... */
  identType?: string | null;
  identNumber?: string | null;
};

/**
 * ETSI EN 319 412-1 5.1.3 semantics identifier types of our identification types: PAS for passports, IDC for
 * national identity cards (and the cards that stand for them: Spain's NIE, Mexico's INE, Colombia's CE), PNO for
 * national personal numbers. Types with none (a driver's licence) leave the serialNumber out.
 */
const semanticsType: Record<string, "PAS" | "IDC" | "PNO"> = {
  PASSPORT: "PAS",
  DNI: "IDC",
  NIE: "IDC",
  DNI_PE: "IDC",
  INE: "IDC",
  CC: "IDC",
  CE: "IDC",
  CI: "IDC",
  CURP: "PNO",
};

/** The subject's serialNumber for an identification, e.g. "IDCES-12345678Z"; null when it cannot be said. */
export function identificationSerial(country?: string | null, identType?: string | null, identNumber?: string | null): string | null {
  const type = identType ? semanticsType[identType.toUpperCase()] : undefined;
  const number = identNumber?.replace(/[\s-]/g, "").toUpperCase();
  const countryCode = country?.trim().toUpperCase();
  if (!type || !number || !countryCode || !/^[A-Z]{2}$/.test(countryCode)) return null;
  // PrintableString: letters, digits and a few marks, so an odd character leaves the attribute out rather than break it.
  if (!/^[A-Z0-9]{1,60}$/.test(number)) return null;
  return `${type}${countryCode}-${number}`;
}

/** The signer certificate's subject: CN, givenName, surname, serialNumber and C when known. */
export function signerSubject(identity: SignerIdentity): NameAttribute[] {
  const givenName = identity.firstName.trim();
  const surname = identity.lastName.trim();
  const serial = identificationSerial(identity.country, identity.identType, identity.identNumber);
  const country = identity.country?.trim().toUpperCase();
  return [
    ...(country && /^[A-Z]{2}$/.test(country) ? [{ type: x509Oid.country, value: country }] : []),
    ...(surname ? [{ type: x509Oid.surname, value: surname }] : []),
    ...(givenName ? [{ type: x509Oid.givenName, value: givenName }] : []),
    ...(serial ? [{ type: x509Oid.serialNumber, value: serial }] : []),
    { type: x509Oid.commonName, value: `${givenName} ${surname}`.trim() || "?" },
  ];
}

export type SignerCertificateOptions = {
  identity: SignerIdentity;
  /** The organisation's signing CA: its certificate, key and the chain above it (the platform's signer CA, ...). */
  authority: SigningCredentials;
  /** The CRL of the organisation's CA (its distribution point). */
  crlUrl: string;
  /** The signing time the signature claims: the certificate must cover it. */
  signingTime: Date;
  /**
   * Whether the signature gets an RFC 3161 timestamp (B-T and later). Only then is the certificate short-lived
   * (an hour): the timestamp proves it was valid when the signature was made. A B-B signature has no such
   * proof and validators judge it at the current time, so its certificate lasts as long as a seal's would.
   */
  timestamped: boolean;
  now?: Date;
};

const fiveMinutes = 5 * 60 * 1000;
/** Validity of a signer's certificate with a timestamp (short-lived) and without one (see `timestamped`). */
export const signerCertificateValidity = { timestamped: 60 * 60 * 1000, untimestamped: 2 * 365 * 24 * 60 * 60 * 1000 } as const;
const authorityValidity = 5 * 365 * 24 * 60 * 60 * 1000;

export type AuthorityCertificateOptions = {
  organization: { name: string; createdAt: Date };
  /** The organisation CA's own key. */
  privateKey: KeyObject;
  /** The platform's signer CA, which certifies it. */
  platform: SigningCredentials;
  /** The platform signer CA's CRL. */
  crlUrl: string;
  now?: Date;
};

/**
 * An organisation's signing CA certificate for `privateKey`, issued by the platform's signer CA: it may issue only
 * end-entity certificates (pathLen 0), for five years or until the platform's CA ends, whichever comes first.
 */
export function certifyOrganizationAuthority({
  organization,
  privateKey,
  platform,
  crlUrl,
  now = new Date(),
}: AuthorityCertificateOptions): Uint8Array<ArrayBuffer> {
  const platformUntil = new Date(new X509Certificate(platform.certificate).validTo).getTime();
  return issueCertificate({
    subject: [
      { type: x509Oid.organization, value: organization.name },
      { type: x509Oid.commonName, value: `${organization.name} — CA de firmantes (Rúbrica)` },
    ],
    publicKey: publicKeyOf(privateKey),
    issuer: platform,
    // From the organisation's creation: none of its signers signed earlier, and a signature claims its signer's time.
    notBefore: new Date(Math.min(organization.createdAt.getTime(), now.getTime()) - fiveMinutes),
    notAfter: new Date(Math.min(now.getTime() + authorityValidity, platformUntil)),
    extensions: [basicConstraints(true, 0), keyUsage([keyUsageBit.keyCertSign, keyUsageBit.cRLSign]), crlDistributionPoint(crlUrl)],
  });
}

/**
 * Credentials for one signature: a fresh P-256 key and a certificate for it, issued by the organisation's CA, that
 * names the signer and is valid from just before the claimed signing time (or now, if earlier) to an hour from now
 * when the signature is timestamped; without a timestamp authority, for two years (capped by the CA's own validity),
 * since validators then judge it at the current time. Either way the key is never stored: once the signature is made
 * it is gone, so nobody can sign with it again.
 */
export function issueSignerCredentials({
  identity,
  authority,
  crlUrl,
  signingTime,
  timestamped,
  now = new Date(),
}: SignerCertificateOptions): SigningCredentials {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const extensions = [
    basicConstraints(false),
    keyUsage([keyUsageBit.digitalSignature, keyUsageBit.nonRepudiation]),
    new pkijs.Extension({
      extnID: x509Oid.extendedKeyUsage,
      extnValue: new pkijs.ExtKeyUsage({ keyPurposes: [x509Oid.documentSigning] }).toSchema().toBER(false),
    }),
    crlDistributionPoint(crlUrl),
  ];
  if (identity.email) {
    extensions.push(
      new pkijs.Extension({
        extnID: x509Oid.subjectAltName,
        extnValue: new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 1, value: identity.email })] }).toSchema().toBER(false),
      }),
    );
  }
  const certificate = issueCertificate({
    subject: signerSubject(identity),
    publicKey: publicKeyOf(privateKey),
    issuer: authority,
    notBefore: new Date(Math.min(signingTime.getTime(), now.getTime()) - fiveMinutes),
    notAfter: new Date(
      Math.min(
        now.getTime() + (timestamped ? signerCertificateValidity.timestamped : signerCertificateValidity.untimestamped),
        new Date(new X509Certificate(authority.certificate).validTo).getTime(),
      ),
    ),
    extensions,
  });
  return { certificate, chain: [authority.certificate, ...authority.chain], privateKey, development: authority.development };
}

/** A certificate's serial (hex, upper case) and subject (RFC 2253-ish, one line): what the audit trail records. */
export function describeCertificate(der: Uint8Array): { serial: string; subject: string } {
  const x509 = new X509Certificate(der);
  return { serial: x509.serialNumber.toUpperCase(), subject: x509.subject.split("\n").join(", ") };
}
