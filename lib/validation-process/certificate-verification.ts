import { createHash } from "node:crypto";
import { verifyAuditChain } from "@/lib/audit/audit-event";
import { organizationTimeZone } from "@/lib/config/organization-time-zone";
import { db } from "@/lib/db/client";
import {
  checkSealedFile,
  evidenceStamping,
  pdfSignatures,
  type PdfSignatureInfo,
  type PublicEvidence,
} from "@/lib/documents/public-validation";
import { storage } from "@/lib/storage";

/**
 * The public verification of a validation certificate (/validateDocs/{certificateHexId}, the certificate's QR code),
 * beside the shipments' (lib/documents/public-validation.ts), whose proof and chain checks it shares. The id is the
 * certificate's own, not the process's link secret. Anyone holding it sees the person's name only: their e-mail,
 * phone and identification number are in the sealed PDF, not here.
 */

export type PublicValidationCertificate = {
  certificateHexId: string;
  organization: string;
  timeZone: string;
  person: string;
  completedAt: Date | null;
  sealedAt: Date;
  evidences: PublicEvidence[];
  events: { sequence: number; type: string; createdAt: Date; hash: string }[];
  /** The first audit event whose hash does not follow from the ones before; null when the chain is intact. */
  brokenAt: number | null;
  certificate: { sha256: string; signatures: PdfSignatureInfo[] };
  stamping: "pending" | "partial" | "stamped";
};

const hexIdPattern = /^[0-9a-f]{32}$/;

async function certifiedProcess(certificateHexId: string) {
  if (!hexIdPattern.test(certificateHexId)) return null;
  const process = await db.validationProcess.findUnique({ where: { certificateHexId } });
  return process?.certificateStorageKey && process.certificateSha256 && process.certificateSealedAt ? process : null;
}

/** What /validateDocs shows of a sealed validation certificate; null when the id names none. */
export async function publicValidationCertificate(certificateHexId: string): Promise<PublicValidationCertificate | null> {
  const process = await certifiedProcess(certificateHexId);
  if (!process) return null;
  const [organization, evidences, events, brokenAt, signatures] = await Promise.all([
    db.organization.findUniqueOrThrow({ where: { id: process.organizationId }, select: { name: true } }),
    db.evidence.findMany({
      where: { validationProcessId: process.id },
      orderBy: { id: "asc" },
      select: { kind: true, sha256: true, check: true, stamping: { include: { batch: true } } },
    }),
    db.auditEvent.findMany({
      where: { validationProcessId: process.id },
      orderBy: { sequence: "asc" },
      select: { sequence: true, type: true, createdAt: true, hash: true },
    }),
    verifyAuditChain(db, { validationProcessId: process.id }),
    storage()
      .get(process.certificateStorageKey!)
      .then((bytes) => pdfSignatures(bytes)),
  ]);
  const shown = await Promise.all(
    evidences.map(async ({ stamping, ...evidence }) => ({ ...evidence, stamping: await evidenceStamping(evidence.sha256, stamping) })),
  );
  const confirmed = shown.filter((evidence) => evidence.stamping?.status === "CONFIRMED").length;
  return {
    certificateHexId,
    organization: organization.name,
    timeZone: await organizationTimeZone(process.organizationId),
    person: [process.firstName, process.lastName].filter(Boolean).join(" "),
    completedAt: process.completedAt,
    sealedAt: process.certificateSealedAt!,
    evidences: shown,
    events,
    brokenAt,
    certificate: { sha256: process.certificateSha256!, signatures },
    stamping: confirmed === 0 ? "pending" : confirmed === shown.length ? "stamped" : "partial",
  };
}

/**
 * POST /api/validateDocs/{hexId}/check: whether an uploaded PDF is byte for byte the sealed validation certificate the
 * id names (SHA-256 equality), else the shipments' check (lib/documents/public-validation.ts checkSealedFile) unchanged.
 * The upload is hashed and forgotten.
 */
export async function checkPublicPdf(
  hexId: string,
  bytes: Uint8Array,
): Promise<{ identical: boolean; sha256: string; fileName: string | null; certificate: boolean; validationCertificate?: true }> {
  const process = await certifiedProcess(hexId);
  if (!process) return checkSealedFile(hexId, bytes);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const identical = sha256 === process.certificateSha256;
  return { identical, sha256, fileName: null, certificate: identical, validationCertificate: true };
}
