import { createPrivateKey, generateKeyPairSync, X509Certificate } from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { env } from "@/lib/config/env";
import { db } from "@/lib/db/client";
import { decryptSecret, encryptSecret } from "@/lib/security/encryption";
import type { SigningCredentials } from "./credentials";
import { toArrayBuffer } from "./der";
import { loadSignerCa } from "./signer-ca";
import { certifyOrganizationAuthority } from "./signer-certificate";
import { emptyCrl, issuedBy, x509Oid } from "./x509";

/** An organisation's signing CA, ready to issue: its certificate and key, the chain above it, and its public id. */
export type OrganizationAuthority = SigningCredentials & { hexId: string };

const day = 24 * 60 * 60 * 1000;

/** Where the CRLs of our CAs are published (app/api/pki/[file]/route.ts). */
export const signerCaCrlFile = "signer-ca.crl";
export const authorityCrlFile = (hexId: string) => `${hexId}.crl`;
export function crlUrl(file: string): string {
  return new URL(`/api/pki/${file}`, env().APP_BASE_URL).toString();
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "P2002";
}

async function organizationOf(organizationId: number) {
  return db.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { name: true, createdAt: true } });
}

/**
 * The organisation's signing CA, created at first use: a P-256 key (kept encrypted with DATA_ENCRYPTION_KEY) and a
 * certificate from the platform's signer CA. Two workers creating it at once end with one: the unique organisation
 * loses one insert, which then reads the winner. When the platform's signer CA is no longer the one that certified
 * it (a configured CA replaced the development one) or its certificate nears its end, the same key and name are
 * certified afresh, so what it issued before still chains to it.
 */
export async function organizationSigningAuthority(organizationId: number): Promise<OrganizationAuthority> {
  const platform = await loadSignerCa();
  const chain = [platform.certificate, ...platform.chain];
  let row = await db.signingAuthority.findUnique({ where: { organizationId } });
  if (!row) {
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const certificate = certifyOrganizationAuthority({
      organization: await organizationOf(organizationId),
      privateKey,
      platform,
      crlUrl: crlUrl(signerCaCrlFile),
    });
    const pkcs8 = privateKey.export({ type: "pkcs8", format: "der" }).toString("base64");
    try {
      row = await db.signingAuthority.create({ data: { organizationId, certificate, encryptedKey: encryptSecret(pkcs8) } });
      return { hexId: row.hexId, certificate, chain, privateKey, development: platform.development };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      row = await db.signingAuthority.findUniqueOrThrow({ where: { organizationId } });
    }
  }
  const privateKey = createPrivateKey({ key: Buffer.from(decryptSecret(row.encryptedKey), "base64"), format: "der", type: "pkcs8" });
  let certificate = row.certificate;
  if (
    !issuedBy(certificate, platform.certificate) ||
    new Date(new X509Certificate(certificate).validTo).getTime() < Date.now() + 30 * day
  ) {
    certificate = certifyOrganizationAuthority({
      organization: await organizationOf(organizationId),
      privateKey,
      platform,
      crlUrl: crlUrl(signerCaCrlFile),
    });
    await db.signingAuthority.update({ where: { id: row.id }, data: { certificate } });
  }
  return { hexId: row.hexId, certificate, chain, privateKey, development: platform.development };
}

/**
 * A published CRL by its file name: "signer-ca.crl" for the platform's signer CA, "{hexId}.crl" for an organisation's
 * CA; null for any other name. Freshly signed on every call, and empty: the certificates these CAs issue are never
 * revoked (a signer's lives an hour and its key is gone once the signature is made; an organisation's CA key never
 * leaves the database encrypted).
 */
export async function publishedCrl(file: string, now = new Date()): Promise<Uint8Array | null> {
  if (file === signerCaCrlFile) return emptyCrl(await loadSignerCa(), now);
  const hexId = /^([0-9a-f]{32})\.crl$/.exec(file)?.[1];
  if (!hexId) return null;
  const row = await db.signingAuthority.findUnique({ where: { hexId } });
  if (!row) return null;
  const privateKey = createPrivateKey({ key: Buffer.from(decryptSecret(row.encryptedKey), "base64"), format: "der", type: "pkcs8" });
  return emptyCrl({ certificate: row.certificate, privateKey }, now);
}

const served = new Map<string, { crl: Uint8Array; until: number }>();
const servedFor = 60 * 60 * 1000;

/**
 * What GET /api/pki/{file} answers: publishedCrl, kept an hour per file in this process (the answer's max-age), so a
 * flood of requests signs no list and decrypts no key more than once an hour per CA. Unknown names are not kept.
 */
export async function servedCrl(file: string, now = new Date()): Promise<Uint8Array | null> {
  const kept = served.get(file);
  if (kept && kept.until > now.getTime()) return kept.crl;
  const crl = await publishedCrl(file, now);
  if (!crl) return null;
  if (served.size >= 10_000) served.clear();
  served.set(file, { crl, until: now.getTime() + servedFor });
  return crl;
}

/** The file names of a certificate's CRL distribution points under /api/pki/ (whatever the host). */
function publishedCrlFiles(certificate: Uint8Array): string[] {
  const parsed = pkijs.Certificate.fromBER(toArrayBuffer(certificate));
  const extension = parsed.extensions?.find((entry) => entry.extnID === x509Oid.crlDistributionPoints);
  if (!extension) return [];
  const points = new pkijs.CRLDistributionPoints({ schema: asn1js.fromBER(extension.extnValue.valueBlock.valueHexView).result });
  return points.distributionPoints.flatMap((point) =>
    Array.isArray(point.distributionPoint)
      ? point.distributionPoint.flatMap((name) => {
          if (name.type !== 6) return [];
          const match = /\/api\/pki\/([^/?#]+)$/.exec(String(name.value));
          return match?.[1] ? [match[1]] : [];
        })
      : [],
  );
}

/**
 * The CRLs for certificates our CAs issued, made here instead of fetched over HTTP (the web server may be another
 * process, or not run at all): for a certificate whose distribution point names one of our CAs, and only when that
 * CA did issue it; null for any other certificate, which gets its revocation data from where it says. One CRL per CA
 * for the lifetime of the returned function (one long-term validation run), however many certificates it issued.
 */
export function localCrlSource(): (certificate: Uint8Array) => Promise<Uint8Array | null> {
  const made = new Map<string, Promise<Uint8Array | null>>();
  return async (certificate) => {
    for (const file of publishedCrlFiles(certificate)) {
      const issuer =
        file === signerCaCrlFile
          ? (await loadSignerCa()).certificate
          : (await db.signingAuthority.findUnique({ where: { hexId: file.replace(/\.crl$/, "") }, select: { certificate: true } }))
              ?.certificate;
      if (!issuer || !issuedBy(certificate, issuer)) continue;
      let crl = made.get(file);
      if (!crl) {
        crl = publishedCrl(file);
        made.set(file, crl);
      }
      return crl;
    }
    return null;
  };
}
