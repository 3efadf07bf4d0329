import { createHash } from "node:crypto";
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from "@cantoo/pdf-lib";
import * as pkijs from "pkijs";
import { verifyAuditChain } from "@/lib/audit/audit-event";
import { organizationTimeZone } from "@/lib/config/organization-time-zone";
import { getConfigNumber } from "@/lib/config/values";
import { toArrayBuffer } from "@/lib/pdf/der";
import { db } from "@/lib/db/client";
import type { DocumentStatus, EvidenceCheck, EvidenceKind, ProcessStatus, StampStatus } from "@/lib/db/generated/enums";
import { AppError } from "@/lib/errors/app-error";
import { merkleAlgorithm, verifyMerkleProof, type ProofStep } from "@/lib/stamping/merkle";
import { explorerTxLink, networkOfColumn, txColumns } from "@/lib/stamping/networks";
import { verifyStampOnChain, type ChainVerdict } from "@/lib/stamping/verify-on-chain";
import { storage } from "@/lib/storage";

/**
 * The public verification of a shipment (/validateDocs/{signatureHexId}, the QR code of the audit
 * certificate). Anyone holding the id sees it, so it states names and times only: no e-mails, IPs
 * or ID numbers (the certificate inside the sealed PDF carries those).
 */

/** A signature field of the sealed PDF: a signature (signer or seal) or the archival document timestamp, whose time is its token's. */
export type PdfSignatureInfo = { field: string; kind: "signature" | "timestamp"; name: string | null; signedAt: Date | null };

export type PublicValidation = {
  hexId: string;
  title: string;
  organization: string;
  /** The organisation's zone (organization_tz): times are shown on its clocks, with the zone. */
  timeZone: string;
  status: DocumentStatus;
  sealedAt: Date;
  signers: {
    name: string;
    status: ProcessStatus;
    signedAt: Date | null;
    /** What a signer who rejected wrote (a shipment completes without an optional signer who rejected). */
    rejectionReason: string | null;
    evidences: PublicEvidence[];
  }[];
  events: { sequence: number; type: string; createdAt: Date; hash: string }[];
  /** The first event whose hash does not follow from the ones before; null when the chain is intact. */
  brokenAt: number | null;
  files: { fileName: string; signedSha256: string; signatures: PdfSignatureInfo[] }[];
  /** The audit certificate, a sealed PDF of its own; null for shipments sealed when it was inside the signed file. */
  certificate: { sha256: string; signatures: PdfSignatureInfo[] } | null;
  /**
   * Blockchain stamping of the evidence as a whole: "pending" while no evidence sits in a confirmed
   * batch, "stamped" when every one does, "partial" in between.
   */
  stamping: "pending" | "partial" | "stamped";
};

/**
 * One network's stamp transaction of a batch: its id, the explorer page (null without an explorer) and
 * what that network's node says of it now (mined with this batch's root, or not).
 */
export type StampTransaction = { network: string; chainId: number; txId: string; link: string | null; onChain: ChainVerdict };

/**
 * An evidence's stamping as the server recorded it (StampingRecord + its StampBatch), checked twice:
 * `proofValid` is recomputed here (the evidence hash walked up the stored proof gives the batch root),
 * and each transaction's `onChain` is asked of the network's node (the root is really in a mined
 * transaction). The reader can repeat both on the explorers or offline (VERIFY.md).
 */
export type EvidenceStamping = {
  /** The batch's state: CONFIRMED once its transactions are mined on every network. */
  status: StampStatus;
  /** Spec §3 record code: 200 stamped, 503/401 network failure, null not yet sent. */
  code: number | null;
  ethTrxid: string | null;
  root: string;
  algorithm: string;
  proof: ProofStep[];
  proofValid: boolean;
  transactions: StampTransaction[];
  links: { auditoria: string | null; lacchain: string | null; rollux: string | null; stamping: string | null };
};

export type PublicEvidence = { kind: EvidenceKind; sha256: string; check: EvidenceCheck; stamping: EvidenceStamping | null };

export type PublicValidationResult =
  { state: "not-found" } | { state: "not-available" } | { state: "available"; validation: PublicValidation };

const hexIdPattern = /^[0-9a-f]{32}$/;

async function sealedShipment(signatureHexId: string) {
  if (!hexIdPattern.test(signatureHexId)) return null;
  return db.document.findUnique({
    where: { hexId: signatureHexId },
    include: { files: { orderBy: { id: "asc" }, select: { fileName: true, signedStorageKey: true, signedSha256: true } } },
  });
}

const isSealed = (document: { status: DocumentStatus; sealedAt: Date | null; files: { signedSha256: string | null }[] }) =>
  document.status === "COMPLETED" &&
  document.sealedAt !== null &&
  document.files.length > 0 &&
  document.files.every((file) => file.signedSha256);

function text(value: unknown): string | null {
  if (value instanceof PDFHexString || value instanceof PDFString) return value.decodeText();
  return null;
}

/** The time and the authority (its certificate's common name) of an RFC 3161 token; null if it cannot be read. */
function timestampOf(der: Uint8Array): { time: Date; authority: string | null } | null {
  try {
    const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(toArrayBuffer(der)).content });
    const eContent = signedData.encapContentInfo.eContent;
    if (!eContent) return null;
    const info = pkijs.TSTInfo.fromBER(eContent.getValue());
    const signer = signedData.signerInfos[0]?.sid;
    const certificate = signedData.certificates?.find(
      (candidate): candidate is pkijs.Certificate =>
        candidate instanceof pkijs.Certificate &&
        signer instanceof pkijs.IssuerAndSerialNumber &&
        candidate.serialNumber.isEqual(signer.serialNumber),
    );
    const commonName = certificate?.subject.typesAndValues.find((entry) => entry.type === "2.5.4.3");
    return { time: info.genTime, authority: commonName ? String(commonName.value.valueBlock.value) : null };
  } catch {
    return null;
  }
}

/** The signature fields of a PDF: field name, /Name and /M of each signature value, in the file's order. */
export async function pdfSignatures(bytes: Uint8Array): Promise<PdfSignatureInfo[]> {
  const document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const form = document.catalog.getAcroForm();
  if (!form) return [];
  const out: PdfSignatureInfo[] = [];
  for (const [field] of form.getAllFields()) {
    if (field.dict.lookup(PDFName.of("FT")) !== PDFName.of("Sig")) continue;
    const value = field.dict.lookupMaybe(PDFName.of("V"), PDFDict);
    if (!value) continue;
    const name = field.getFullyQualifiedName() ?? "";
    if (value.lookup(PDFName.of("Type")) === PDFName.of("DocTimeStamp")) {
      const token = value.lookup(PDFName.of("Contents"));
      const stamp = token instanceof PDFHexString ? timestampOf(token.asBytes()) : null;
      out.push({ field: name, kind: "timestamp", name: stamp?.authority ?? null, signedAt: stamp?.time ?? null });
      continue;
    }
    const when = value.lookup(PDFName.of("M"));
    let signedAt: Date | null = null;
    try {
      signedAt = when instanceof PDFString || when instanceof PDFHexString ? when.decodeDate() : null;
    } catch {
      signedAt = null;
    }
    out.push({ field: name, kind: "signature", name: text(value.lookup(PDFName.of("Name"))), signedAt });
  }
  return out;
}

type RecordWithBatch = {
  code: number | null;
  ethTrxid: string | null;
  linkAuditoria: string | null;
  linkLacchain: string | null;
  linkRollux: string | null;
  linkStamping: string | null;
  merkleProof: unknown;
  batch: { status: StampStatus; merkleRoot: string; lacchainTx: string | null; rolluxTx: string | null; localTx: string | null } | null;
};

/** The proof's path as stored, or null when it is not a well-formed list of steps. */
function storedPath(proof: unknown): ProofStep[] | null {
  if (!proof || typeof proof !== "object" || !Array.isArray((proof as { path?: unknown }).path)) return null;
  const path = (proof as { path: unknown[] }).path;
  const steps: ProofStep[] = [];
  for (const step of path) {
    if (!step || typeof step !== "object") return null;
    const { position, hash } = step as { position?: unknown; hash?: unknown };
    if ((position !== "left" && position !== "right") || typeof hash !== "string") return null;
    steps.push({ position, hash });
  }
  return steps;
}

export async function evidenceStamping(sha256: string, record: RecordWithBatch | null): Promise<EvidenceStamping | null> {
  if (!record?.batch) return null;
  const { batch } = record;
  const path = storedPath(record.merkleProof);
  const transactions = await Promise.all(
    txColumns.flatMap((column) => {
      const txId = batch[column];
      if (!txId) return [];
      const network = networkOfColumn(column);
      // One lookup per batch and network however many evidences share it (verifyStampOnChain shares them).
      return [
        verifyStampOnChain(network, txId, batch.merkleRoot).then((onChain) => ({
          network: network.name,
          chainId: network.chainId,
          txId,
          link: explorerTxLink(network, txId),
          onChain,
        })),
      ];
    }),
  );
  return {
    status: batch.status,
    code: record.code,
    ethTrxid: record.ethTrxid,
    root: batch.merkleRoot,
    algorithm: merkleAlgorithm,
    proof: path ?? [],
    // Against the batch's root (the one sent on chain), not the root copied into the proof.
    proofValid: path !== null && verifyMerkleProof(sha256, { path }, batch.merkleRoot),
    transactions,
    links: { auditoria: record.linkAuditoria, lacchain: record.linkLacchain, rollux: record.linkRollux, stamping: record.linkStamping },
  };
}

export async function publicValidation(signatureHexId: string): Promise<PublicValidationResult> {
  const document = await sealedShipment(signatureHexId);
  if (!document) return { state: "not-found" };
  if (!isSealed(document)) return { state: "not-available" };
  const [organization, signers, events, brokenAt] = await Promise.all([
    db.organization.findUniqueOrThrow({ where: { id: document.organizationId }, select: { name: true } }),
    db.signer.findMany({
      where: { documentId: document.id },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      select: {
        firstName: true,
        lastName: true,
        status: true,
        signedAt: true,
        rejectionReason: true,
        evidences: { orderBy: { id: "asc" }, select: { kind: true, sha256: true, check: true, stamping: { include: { batch: true } } } },
      },
    }),
    db.auditEvent.findMany({
      where: { documentId: document.id },
      orderBy: { sequence: "asc" },
      select: { sequence: true, type: true, createdAt: true, hash: true },
    }),
    verifyAuditChain(db, { documentId: document.id }),
  ]);
  const publicSigners = await Promise.all(
    signers.map(async (signer) => ({
      name: `${signer.firstName} ${signer.lastName}`.trim(),
      status: signer.status,
      signedAt: signer.signedAt,
      rejectionReason: signer.status === "REJECTED" ? signer.rejectionReason : null,
      evidences: await Promise.all(
        signer.evidences.map(async ({ stamping, ...evidence }) => ({
          ...evidence,
          stamping: await evidenceStamping(evidence.sha256, stamping),
        })),
      ),
    })),
  );
  const evidences = publicSigners.flatMap((signer) => signer.evidences);
  const confirmed = evidences.filter((evidence) => evidence.stamping?.status === "CONFIRMED").length;
  const files = [];
  const certificate = document.certificateStorageKey
    ? { sha256: document.certificateSha256!, signatures: await pdfSignatures(await storage().get(document.certificateStorageKey)) }
    : null;
  for (const file of document.files) {
    files.push({
      fileName: file.fileName,
      signedSha256: file.signedSha256!,
      signatures: await pdfSignatures(await storage().get(file.signedStorageKey!)),
    });
  }
  return {
    state: "available",
    validation: {
      hexId: document.hexId,
      title: document.title,
      organization: organization.name,
      timeZone: await organizationTimeZone(document.organizationId),
      status: document.status,
      sealedAt: document.sealedAt!,
      signers: publicSigners,
      events,
      brokenAt,
      files,
      certificate,
      stamping: confirmed === 0 ? "pending" : confirmed === evidences.length ? "stamped" : "partial",
    },
  };
}

/**
 * Largest PDF the public check reads: the shipments' own upload limit, plus room for what signing
 * adds to a file (signatures with their drawings and certificates, the audit certificate).
 */
export async function checkUploadLimitBytes(): Promise<number> {
  return ((await getConfigNumber(null, "max_upload_mb")) + 5) * 1024 * 1024;
}

/**
 * Whether an uploaded PDF is byte for byte one of the shipment's sealed files or its audit certificate
 * (SHA-256 equality). The upload is hashed and forgotten.
 */
export async function checkSealedFile(
  signatureHexId: string,
  bytes: Uint8Array,
): Promise<{ identical: boolean; sha256: string; fileName: string | null; certificate: boolean }> {
  const document = await sealedShipment(signatureHexId);
  if (!document) throw new AppError("NOT_FOUND");
  if (!isSealed(document)) throw new AppError("VALIDATION_NOT_AVAILABLE");
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const match = document.files.find((file) => file.signedSha256 === sha256);
  const certificate = !match && document.certificateSha256 === sha256;
  return { identical: Boolean(match) || certificate, sha256, fileName: match?.fileName ?? null, certificate };
}
