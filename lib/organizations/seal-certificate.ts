import { createHash, X509Certificate } from "node:crypto";
import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { parsePkcs12, type SigningCredentials } from "@/lib/pdf/credentials";
import { decryptSecret, encryptSecret } from "@/lib/security/encryption";
import { sealCertificateLimits } from "./profile-schemas";

/** What is shown of an organisation's seal certificate: never the file, its key or its password. */
export type SealCertificateView = {
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
  fingerprint: string;
  /** Expires within sealCertificateLimits.expiringSoonDays (30). */
  expiringSoon: boolean;
  expired: boolean;
  uploadedAt: string;
};

const oneLine = (name: string) => name.split("\n").join(", ");
const day = (date: Date) => date.toISOString().slice(0, 10);

function toView(row: {
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  fingerprint: string;
  updatedAt: Date;
}): SealCertificateView {
  const now = Date.now();
  return {
    subject: row.subject,
    issuer: row.issuer,
    serialNumber: row.serialNumber,
    notBefore: row.notBefore.toISOString(),
    notAfter: row.notAfter.toISOString(),
    fingerprint: row.fingerprint,
    expired: row.notAfter.getTime() <= now,
    expiringSoon: row.notAfter.getTime() - now < sealCertificateLimits.expiringSoonDays * 24 * 60 * 60 * 1000,
    uploadedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Opens the PKCS#12 with parsePkcs12 and turns its failures into catalogue errors (the library's
 * messages carry internals and are not shown or logged); a certificate outside its validity is refused.
 */
export async function checkSealPkcs12(bytes: Uint8Array, password: string, now = new Date()): Promise<SigningCredentials> {
  if (bytes.byteLength === 0) throw new AppError("SEAL_CERT_REQUIRED");
  if (bytes.byteLength > sealCertificateLimits.maxBytes)
    throw new AppError("SEAL_CERT_TOO_LARGE", { kb: sealCertificateLimits.maxBytes / 1024 });
  let credentials: SigningCredentials;
  try {
    credentials = await parsePkcs12(bytes, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (message.includes("legacy encryption")) throw new AppError("SEAL_CERT_LEGACY");
    if (message.includes("no private key") || message.includes("no certificate for its private key"))
      throw new AppError("SEAL_CERT_NO_KEY");
    throw new AppError("SEAL_CERT_WRONG_PASSWORD");
  }
  const x509 = new X509Certificate(credentials.certificate);
  if (new Date(x509.validTo).getTime() <= now.getTime()) throw new AppError("SEAL_CERT_EXPIRED", { date: day(new Date(x509.validTo)) });
  if (new Date(x509.validFrom).getTime() > now.getTime())
    throw new AppError("SEAL_CERT_NOT_YET_VALID", { date: day(new Date(x509.validFrom)) });
  return credentials;
}

/** GET /api/organization/seal-certificate: null while the organisation seals with the platform's certificate. */
export async function getSealCertificate(organizationId: number): Promise<SealCertificateView | null> {
  const row = await db.organizationSealCertificate.findUnique({ where: { organizationId } });
  return row ? toView(row) : null;
}

/**
 * PUT /api/organization/seal-certificate: checks the PKCS#12 with its password (asked once) and keeps both
 * encrypted with DATA_ENCRYPTION_KEY; it replaces any earlier one. Shipments sealed before keep their seal.
 */
export async function setSealCertificate(
  context: AuthContext,
  bytes: Uint8Array,
  password: string,
  ip: string,
): Promise<SealCertificateView> {
  const credentials = await checkSealPkcs12(bytes, password);
  const x509 = new X509Certificate(credentials.certificate);
  const data = {
    encryptedPkcs12: encryptSecret(Buffer.from(bytes).toString("base64")),
    encryptedPassword: encryptSecret(password),
    subject: oneLine(x509.subject),
    issuer: oneLine(x509.issuer),
    serialNumber: x509.serialNumber.toUpperCase(),
    notBefore: new Date(x509.validFrom),
    notAfter: new Date(x509.validTo),
    fingerprint: createHash("sha256").update(credentials.certificate).digest("hex"),
    uploadedById: context.userId,
  };
  const row = await db.$transaction(async (tx) => {
    const saved = await tx.organizationSealCertificate.upsert({
      where: { organizationId: context.organizationId },
      create: { organizationId: context.organizationId, ...data },
      update: data,
    });
    await logOperation(
      {
        module: "ORGANIZACION",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "SEAL_CERTIFICATE_UPLOAD",
        ip,
        recordId: data.serialNumber,
      },
      tx,
    );
    return saved;
  });
  return toView(row);
}

/** DELETE /api/organization/seal-certificate: the organisation seals with the platform's certificate again. */
export async function deleteSealCertificate(context: AuthContext, ip: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await tx.organizationSealCertificate.findUnique({ where: { organizationId: context.organizationId } });
    if (!row) throw new AppError("SEAL_CERT_NOT_FOUND");
    await tx.organizationSealCertificate.delete({ where: { id: row.id } });
    await logOperation(
      {
        module: "ORGANIZACION",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "SEAL_CERTIFICATE_DELETE",
        ip,
        recordId: row.serialNumber,
      },
      tx,
    );
  });
}

/**
 * The credentials the organisation's seal uses (lib/sealing/sign-files.ts sealDocument): its own PKCS#12
 * when it has one, decrypted for this use only; null means the platform's (loadSigningCredentials).
 */
export async function organizationSealCredentials(organizationId: number): Promise<SigningCredentials | null> {
  const row = await db.organizationSealCertificate.findUnique({
    where: { organizationId },
    select: { encryptedPkcs12: true, encryptedPassword: true },
  });
  if (!row) return null;
  const bytes = new Uint8Array(Buffer.from(decryptSecret(row.encryptedPkcs12), "base64"));
  return parsePkcs12(bytes, decryptSecret(row.encryptedPassword));
}
