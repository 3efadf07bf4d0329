import { generateKeyPairSync } from "node:crypto";
import path from "node:path";
import { env } from "@/lib/config/env";
import { oncePerConfiguration, parsePkcs12, readPkcs12Setting, type SigningCredentials } from "./credentials";
import { basicConstraints, isCertificateAuthority, issueCertificate, keyUsage, keyUsageBit, publicKeyOf, x509Oid } from "./x509";
import { logger } from "@/lib/log/logger";
import { legacyDirName, sharedDevelopmentCredentials } from "./development-store";

/** What loadSignerCa reads; env() by default. */
export type SignerCaConfig = {
  NODE_ENV?: string;
  STORAGE_DIR: string;
  PDF_SIGNER_CA_P12_PATH?: string;
  PDF_SIGNER_CA_P12_BASE64?: string;
  PDF_SIGNER_CA_P12_PASSWORD?: string;
};

/** The subject of the development signer CA: nobody can mistake what it certifies for a valid identity. */
export const developmentSignerCaSubject = {
  commonName: "Rúbrica DESARROLLO - CA de firmantes no válida / DEVELOPMENT SIGNER CA - NOT VALID",
  organization: "Rúbrica DESARROLLO - no válido",
  organizationalUnit: "DEVELOPMENT - NOT VALID",
} as const;

/** A self-signed P-256 CA, valid ten years, that may issue one more level of CAs (the organisations'). */
async function generateDevelopmentSignerCa(): Promise<SigningCredentials> {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const now = Date.now();
  const certificate = issueCertificate({
    subject: [
      { type: x509Oid.organization, value: developmentSignerCaSubject.organization },
      { type: x509Oid.organizationalUnit, value: developmentSignerCaSubject.organizationalUnit },
      { type: x509Oid.commonName, value: developmentSignerCaSubject.commonName },
    ],
    publicKey: publicKeyOf(privateKey),
    selfSignedKey: privateKey,
    notBefore: new Date(now - 24 * 60 * 60 * 1000),
    notAfter: new Date(now + 10 * 365 * 24 * 60 * 60 * 1000),
    extensions: [basicConstraints(true, 1), keyUsage([keyUsageBit.keyCertSign, keyUsageBit.cRLSign])],
  });
  return { certificate, chain: [], privateKey, development: true };
}

const loaded = new Map<string, Promise<SigningCredentials>>();
let warnedDevelopment = false;

/**
 * The platform's signer CA, which issues every organisation's signing CA (lib/pdf/signing-authority.ts): the
 * PKCS#12 of PDF_SIGNER_CA_P12_PATH or PDF_SIGNER_CA_P12_BASE64 (password PDF_SIGNER_CA_P12_PASSWORD), whose
 * certificate must be a CA allowed to sign certificates; without either, a generated DEVELOPMENT CA whose subject
 * says it is not valid, generated once and kept in the database for every process (lib/pdf/development-store.ts;
 * in memory under NODE_ENV=test). Loaded once per configuration.
 */
export function loadSignerCa(config: SignerCaConfig = env()): Promise<SigningCredentials> {
  const { PDF_SIGNER_CA_P12_PATH: p12Path, PDF_SIGNER_CA_P12_BASE64: p12Base64, PDF_SIGNER_CA_P12_PASSWORD: password = "" } = config;
  const test = config.NODE_ENV === "test";
  return oncePerConfiguration(loaded, { p12Path, p12Base64, password, storageDir: test ? null : config.STORAGE_DIR }, async () => {
    const p12 = await readPkcs12Setting(p12Path, p12Base64, ["PDF_SIGNER_CA_P12_PATH", "PDF_SIGNER_CA_P12_BASE64"]);
    if (p12) {
      const credentials = await parsePkcs12(p12, password);
      // It certifies the organisations' CAs, which certify the signers: one level of CA under it at least.
      if (!isCertificateAuthority(credentials.certificate, 1))
        throw new Error(
          "PDF signing: the signer CA's certificate is not a CA that may certify another (basicConstraints cA, pathlen 1 or more, keyUsage keyCertSign)",
        );
      return credentials;
    }
    if (!test && !warnedDevelopment) {
      warnedDevelopment = true;
      logger("pdf-signing").warn(
        "no PDF_SIGNER_CA_P12_PATH/PDF_SIGNER_CA_P12_BASE64: signers' certificates come from the DEVELOPMENT signer CA (not valid)",
      );
    }
    if (test) return generateDevelopmentSignerCa();
    return sharedDevelopmentCredentials("signerCa", path.join(config.STORAGE_DIR, legacyDirName), generateDevelopmentSignerCa);
  });
}
