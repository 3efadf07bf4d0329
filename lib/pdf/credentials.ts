import { createHash, createPrivateKey, webcrypto, X509Certificate, type KeyObject } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { env } from "@/lib/config/env";
import { toArrayBuffer } from "./der";
import { distinguishedName } from "./x509";
import { logger } from "@/lib/log/logger";
import { legacyDirName, sharedDevelopmentCredentials } from "./development-store";

/** A certificate and its private key, ready to sign PDFs (lib/pdf/sign-pdf.ts). */
export type SigningCredentials = {
  /** The signing certificate, DER. */
  certificate: Uint8Array;
  /** The rest of its chain (intermediates, possibly the root), DER, leaf excluded; embedded in every signature. */
  chain: Uint8Array[];
  privateKey: KeyObject;
  /** True for the generated self-signed development certificate: its signatures prove nothing to anyone. */
  development: boolean;
};

/** What loadSigningCredentials reads; env() by default. */
export type CredentialsConfig = {
  NODE_ENV?: string;
  STORAGE_DIR: string;
  PDF_SIGNING_P12_PATH?: string;
  PDF_SIGNING_P12_BASE64?: string;
  PDF_SIGNING_P12_PASSWORD?: string;
};

/** The subject of the development certificate: nobody can mistake what it signs for a valid signature. */
export const developmentSubject = {
  commonName: "Rúbrica DESARROLLO - no válido / DEVELOPMENT - NOT VALID",
  organization: "Rúbrica DESARROLLO - no válido",
  organizationalUnit: "DEVELOPMENT - NOT VALID",
} as const;

const oid = {
  commonName: "2.5.4.3",
  organization: "2.5.4.10",
  organizationalUnit: "2.5.4.11",
  pkcs8ShroudedKeyBag: "1.2.840.113549.1.12.10.1.2",
  certBag: "1.2.840.113549.1.12.10.1.3",
  x509Certificate: "1.2.840.113549.1.9.22.1",
};

/**
 * The certificate and key of a PKCS#12 (.p12/.pfx) file. The file's MAC is checked with the password.
 * Files made by OpenSSL 3 (`openssl pkcs12 -export`, PBES2/AES) and current Windows/macOS exports load;
 * legacy files (RC2/3DES, `-legacy`) are refused with the command that converts them.
 */
export async function parsePkcs12(bytes: Uint8Array, password: string): Promise<SigningCredentials> {
  const passwordBytes = toArrayBuffer(new TextEncoder().encode(password));
  const asn = asn1js.fromBER(toArrayBuffer(bytes));
  if (asn.offset === -1) throw new Error("PDF signing: the PKCS#12 file is not DER/BER data");
  const certificates: Uint8Array[] = [];
  const keys: KeyObject[] = [];
  try {
    const pfx = new pkijs.PFX({ schema: asn.result });
    await pfx.parseInternalValues({ password: passwordBytes, checkIntegrity: true });
    const safe = pfx.parsedValue?.authenticatedSafe;
    if (!safe) throw new Error("no authenticated safe");
    await safe.parseInternalValues({ safeContents: safe.safeContents.map(() => ({ password: passwordBytes })) });
    for (const contents of safe.parsedValue?.safeContents ?? []) {
      for (const bag of contents.value.safeBags) {
        if (bag.bagId === oid.certBag && bag.bagValue instanceof pkijs.CertBag && bag.bagValue.certId === oid.x509Certificate) {
          certificates.push(new Uint8Array((bag.bagValue.parsedValue as pkijs.Certificate).toSchema().toBER()));
        } else if (bag.bagId === oid.pkcs8ShroudedKeyBag && bag.bagValue instanceof pkijs.PKCS8ShroudedKeyBag) {
          // The bag is an EncryptedPrivateKeyInfo, which node:crypto decrypts itself (PBES2 and PKCS#12 PBE).
          const der = Buffer.from(bag.bagValue.toSchema().toBER());
          keys.push(createPrivateKey({ key: der, format: "der", type: "pkcs8", passphrase: password }));
        } else if (bag.bagValue instanceof pkijs.PrivateKeyInfo) {
          keys.push(createPrivateKey({ key: Buffer.from(bag.bagValue.toSchema().toBER()), format: "der", type: "pkcs8" }));
        }
      }
    }
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    if (/1\.2\.840\.113549\.1\.12\.1\./.test(detail)) {
      throw new Error(
        "PDF signing: the PKCS#12 file uses legacy encryption (RC2/3DES). Convert it with " +
          "`openssl pkcs12 -legacy -in old.p12 -nodes | openssl pkcs12 -export -out new.p12`",
      );
    }
    throw new Error(`PDF signing: cannot open the PKCS#12 file (wrong password or damaged file): ${detail}`);
  }
  if (keys.length === 0) throw new Error("PDF signing: the PKCS#12 file holds no private key");
  for (const privateKey of keys) {
    const leaf = certificates.find((der) => new X509Certificate(der).checkPrivateKey(privateKey));
    if (leaf)
      return {
        certificate: leaf,
        chain: orderChain(
          leaf,
          certificates.filter((der) => der !== leaf),
        ),
        privateKey,
        development: false,
      };
  }
  throw new Error("PDF signing: the PKCS#12 file holds no certificate for its private key");
}

/** The other certificates from the leaf's issuer upwards; any that do not belong to its path come last. */
function orderChain(leaf: Uint8Array, others: Uint8Array[]): Uint8Array[] {
  const ordered: Uint8Array[] = [];
  const remaining = [...others];
  let current = new X509Certificate(leaf);
  for (;;) {
    const index = remaining.findIndex((der) => current.checkIssued(new X509Certificate(der)));
    if (index === -1) break;
    const [issuer] = remaining.splice(index, 1) as [Uint8Array];
    ordered.push(issuer);
    current = new X509Certificate(issuer);
  }
  return [...ordered, ...remaining];
}

/**
 * A fresh self-signed RSA-2048 certificate, valid five years, whose subject says it is not valid. In memory: the one the
 * product signs with is loadSigningCredentials's, generated once for every process.
 */
export async function developmentCredentials(): Promise<SigningCredentials> {
  const subtle = webcrypto.subtle;
  const keys = (await subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  )) as webcrypto.CryptoKeyPair;
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  const serial = webcrypto.getRandomValues(new Uint8Array(16));
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  certificate.serialNumber = new asn1js.Integer({ valueHex: toArrayBuffer(serial) });
  const subject = [
    { type: oid.organization, value: developmentSubject.organization },
    { type: oid.organizationalUnit, value: developmentSubject.organizationalUnit },
    { type: oid.commonName, value: developmentSubject.commonName },
  ];
  certificate.subject = distinguishedName(subject);
  certificate.issuer = distinguishedName(subject);
  const now = Date.now();
  certificate.notBefore.value = new Date(now - 60 * 60 * 1000);
  certificate.notAfter.value = new Date(now + 5 * 365 * 24 * 60 * 60 * 1000);
  const keyUsage = new asn1js.BitString({ valueHex: new Uint8Array([0xc0]).buffer, unusedBits: 6 }); // digitalSignature, nonRepudiation
  certificate.extensions = [
    new pkijs.Extension({
      extnID: "2.5.29.19",
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: false }).toSchema().toBER(false),
    }),
    new pkijs.Extension({ extnID: "2.5.29.15", critical: true, extnValue: keyUsage.toBER(false) }),
  ];
  await certificate.subjectPublicKeyInfo.importKey(keys.publicKey);
  const spki = certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView;
  certificate.extensions.push(
    new pkijs.Extension({
      extnID: "2.5.29.14",
      extnValue: new asn1js.OctetString({ valueHex: toArrayBuffer(createHash("sha1").update(spki).digest()) }).toBER(false),
    }),
  );
  await certificate.sign(keys.privateKey, "SHA-256");
  const pkcs8 = Buffer.from(await subtle.exportKey("pkcs8", keys.privateKey));
  return {
    certificate: new Uint8Array(certificate.toSchema().toBER()),
    chain: [],
    privateKey: createPrivateKey({ key: pkcs8, format: "der", type: "pkcs8" }),
    development: true,
  };
}

/** The bytes of a PKCS#12 setting (a file path or base64; the names are the settings', for the error), or null when neither is set. */
export async function readPkcs12Setting(
  p12Path: string | undefined,
  p12Base64: string | undefined,
  names: [string, string],
): Promise<Uint8Array | null> {
  if (p12Path && p12Base64) throw new Error(`PDF signing: set ${names[0]} or ${names[1]}, not both`);
  if (p12Path) return new Uint8Array(await readFile(p12Path));
  if (p12Base64) return new Uint8Array(Buffer.from(p12Base64, "base64"));
  return null;
}

/**
 * Credentials loaded once per configuration: the settings that decide them (the base64 and the password only as
 * part of a key; the storage folder unless in memory) name the cache entry. A failed load (missing file, wrong
 * password) is retried next time rather than remembered.
 */
export function oncePerConfiguration(
  cache: Map<string, Promise<SigningCredentials>>,
  setting: { p12Path?: string; p12Base64?: string; password: string; storageDir: string | null },
  load: () => Promise<SigningCredentials>,
): Promise<SigningCredentials> {
  const key = JSON.stringify([
    setting.p12Path ?? null,
    setting.p12Base64 ? createHash("sha256").update(setting.p12Base64).digest("hex") : null,
    setting.password,
    setting.storageDir,
  ]);
  let credentials = cache.get(key);
  if (!credentials) {
    credentials = load();
    credentials.catch(() => cache.delete(key));
    cache.set(key, credentials);
  }
  return credentials;
}

const loaded = new Map<string, Promise<SigningCredentials>>();
let warnedDevelopment = false;

/**
 * The platform's signing credentials: the PKCS#12 of PDF_SIGNING_P12_PATH or PDF_SIGNING_P12_BASE64
 * (password PDF_SIGNING_P12_PASSWORD); without either, the development certificate, generated once and kept in the
 * database for every process (lib/pdf/development-store.ts; in memory under NODE_ENV=test). Loaded once per configuration.
 */
export function loadSigningCredentials(config: CredentialsConfig = env()): Promise<SigningCredentials> {
  const { PDF_SIGNING_P12_PATH: p12Path, PDF_SIGNING_P12_BASE64: p12Base64, PDF_SIGNING_P12_PASSWORD: password = "" } = config;
  const test = config.NODE_ENV === "test";
  return oncePerConfiguration(loaded, { p12Path, p12Base64, password, storageDir: test ? null : config.STORAGE_DIR }, async () => {
    const p12 = await readPkcs12Setting(p12Path, p12Base64, ["PDF_SIGNING_P12_PATH", "PDF_SIGNING_P12_BASE64"]);
    if (p12) return parsePkcs12(p12, password);
    // Said wherever it happens (a production process may run without NODE_ENV); tests know.
    if (!test && !warnedDevelopment) {
      warnedDevelopment = true;
      logger("pdf-signing").warn(
        "no PDF_SIGNING_P12_PATH/PDF_SIGNING_P12_BASE64: signing with the self-signed DEVELOPMENT certificate (not valid)",
      );
    }
    if (test) return developmentCredentials();
    return sharedDevelopmentCredentials("seal", path.join(config.STORAGE_DIR, legacyDirName), developmentCredentials);
  });
}
