import { X509Certificate } from "node:crypto";
import type { PDFDocument } from "@cantoo/pdf-lib";
import type { z } from "zod";
import { appendAuditEvent } from "@/lib/audit/audit-event";
import { enqueueCompletion } from "@/lib/callbacks/completion-events";
import { recordDocumentEvent } from "@/lib/webhooks/record-event";
import { db } from "@/lib/db/client";
import { lockDocumentById } from "@/lib/documents/lock-document";
import { translator } from "@/lib/i18n/messages";
import { formatZonedTime } from "@/lib/i18n/zoned-time";
import { organizationTimeZone } from "@/lib/config/organization-time-zone";
import { loadAuditCertificateData, renderAuditCertificate, validateDocsUrl } from "@/lib/pdf/audit-certificate";
import { loadSigningCredentials, type SigningCredentials } from "@/lib/pdf/credentials";
import { organizationSealCredentials } from "@/lib/organizations/seal-certificate";
import { addLongTermValidation } from "@/lib/pdf/long-term";
import { describeCertificate, issueSignerCredentials } from "@/lib/pdf/signer-certificate";
import { authorityCrlFile, crlUrl, organizationSigningAuthority } from "@/lib/pdf/signing-authority";
import { pdfFieldNames, readPdf, sealPdf, type SignatureRect, signPdf } from "@/lib/pdf/sign-pdf";
import { awaitEvidenceStamps } from "@/lib/stamping/await-stamps";
import { storage } from "@/lib/storage";
import { type sealDocumentPayload, type signSignerPayload, tsaUrl } from "./pdf-jobs";
import { logger } from "@/lib/log/logger";

/** The signature field of one signer: stable, so a re-run finds it in the file and signs nothing twice. */
export function signerFieldName(signerHexId: string): string {
  return `Firma_${signerHexId}`;
}

const sealFieldName = (documentHexId: string) => `Sello_${documentHexId}`;
const archivalTimestampFieldName = (documentHexId: string) => `SelloTiempo_${documentHexId}`;
const certificateSealFieldName = (documentHexId: string) => `SelloCertificado_${documentHexId}`;
const certificateTimestampFieldName = (documentHexId: string) => `SelloTiempoCertificado_${documentHexId}`;

/**
 * Where the n-th signer's handwritten signature goes: slots of 160×72 pt (the drawing, then its name and date) along the bottom margin of
 * the last page, left to right and then upwards, so signatures never cover one another.
 */
function slotFor(document: PDFDocument, index: number): { page: number; rect: SignatureRect } {
  const pages = document.getPageCount();
  const { width } = document.getPage(pages - 1).getSize();
  const margin = 36;
  const slot = { width: 160, height: 72, gap: 10 };
  const perRow = Math.max(1, Math.floor((width - 2 * margin + slot.gap) / (slot.width + slot.gap)));
  const column = index % perRow;
  const row = Math.floor(index / perRow);
  return {
    page: pages,
    rect: {
      x: margin + column * (slot.width + slot.gap),
      y: margin + row * (slot.height + slot.gap),
      width: slot.width,
      height: slot.height,
    },
  };
}

type FileRow = { id: number; storageKey: string; workingStorageKey: string | null; sha256: string; workingSha256: string | null };

/**
 * Job signing.sign-signer: the signer's digital signature on every file of the shipment, as an
 * incremental revision carrying their handwritten drawing, once they have completed. Runs under the
 * document's lock, so two signers finishing together are applied one after the other.
 */
export async function signForSigner({ signerId }: z.infer<typeof signSignerPayload>): Promise<{ signed: number }> {
  const signer = await db.signer.findUnique({
    where: { id: signerId },
    include: {
      document: { include: { organization: { select: { name: true } } } },
      evidences: { where: { kind: "SIGNATURE_DRAWING" }, orderBy: { id: "desc" }, take: 1 },
    },
  });
  if (!signer || signer.status !== "COMPLETED") return { signed: 0 };
  // The organisation's signing CA issues this signer a certificate of their own for each signature.
  const authority = await organizationSigningAuthority(signer.document.organizationId);
  const signingTime = signer.signedAt ?? new Date();
  const drawing = signer.evidences[0] ? await storage().get(signer.evidences[0].storageKey) : null;
  const locale = signer.preferredLanguage === "en_us" ? "en-us" : "es-es";
  const t = translator(locale, "pdfSigning");
  const fieldName = signerFieldName(signer.hexId);
  const name = `${signer.firstName} ${signer.lastName}`.trim();
  // Under the drawing, who signed and when, on the organisation's clocks with the zone.
  const caption = [
    name,
    formatZonedTime(signer.signedAt ?? new Date(), locale, await organizationTimeZone(signer.document.organizationId)),
  ];

  return db.$transaction(
    async (tx) => {
      await lockDocumentById(tx, signer.documentId);
      const files: FileRow[] = await tx.documentFile.findMany({ where: { documentId: signer.documentId }, orderBy: { id: "asc" } });
      // The slot follows the order in which signers completed.
      const earlier = await tx.signer.count({
        where: { documentId: signer.documentId, status: "COMPLETED", signedAt: { lt: signer.signedAt ?? new Date() } },
      });
      let signed = 0;
      const hashes: string[] = [];
      const certificates: { serial: string; subject: string }[] = [];
      for (const file of files) {
        const base = await storage().get(file.workingStorageKey ?? file.storageKey);
        // Read once for both questions (each reading of a long PDF costs as much as the signature itself).
        const read = await readPdf(base);
        if ((await pdfFieldNames(read)).has(fieldName)) continue;
        const appearance = drawing ? { png: drawing, caption, ...slotFor(read, earlier) } : undefined;
        // A fresh key and certificate per signature; the key is dropped once the signature is made.
        const credentials = issueSignerCredentials({
          identity: signer,
          authority,
          crlUrl: crlUrl(authorityCrlFile(authority.hexId)),
          signingTime,
          timestamped: Boolean(tsaUrl()),
        });
        const bytes = await signPdf(base, {
          signer: {
            name: `${signer.firstName} ${signer.lastName}`,
            reason: t("signerReason", { name: `${signer.firstName} ${signer.lastName}` }),
            contactInfo: signer.email ?? undefined,
          },
          appearance,
          fieldName,
          credentials,
          tsaUrl: tsaUrl(),
          signingTime: signer.signedAt ?? undefined,
        });
        const stored = await storage().put(bytes);
        await tx.documentFile.update({ where: { id: file.id }, data: { workingStorageKey: stored.key, workingSha256: stored.sha256 } });
        hashes.push(stored.sha256);
        certificates.push(describeCertificate(credentials.certificate));
        signed += 1;
      }
      if (signed > 0)
        await appendAuditEvent(tx, { documentId: signer.documentId }, "signer.pdf-signed", {
          signer: signer.hexId,
          files: hashes,
          certificates,
        });
      return { signed };
    },
    { timeout: 120_000 },
  );
}

/**
 * The seal's certificate: the organisation's own (/info-organization) when it has one still valid, else
 * the platform's. Files already sealed are never sealed again, so changing it touches only later shipments.
 */
export async function sealCredentials(organization: { id: number; hexId: string }): Promise<SigningCredentials> {
  const own = await organizationSealCredentials(organization.id);
  if (own) {
    const notAfter = new Date(new X509Certificate(own.certificate).validTo).getTime();
    if (notAfter > Date.now()) return own;
    logger("seal").warn(
      { organization: organization.hexId },
      "the organisation's seal certificate has expired; sealing with the platform's",
    );
  }
  return loadSigningCredentials();
}

/**
 * The organisation's seal on a PDF, then (with a timestamp authority) validation data of every signature and an
 * archival timestamp: B-LTA. The documents' seal and the validation certificate's (lib/validation-process) both close this way.
 */
export async function closeWithSeal(
  pdf: Uint8Array,
  options: {
    organization: { name: string; contactInfo: string };
    reason: string;
    credentials: SigningCredentials;
    fields: { seal: string; timestamp: string };
  },
): Promise<Uint8Array> {
  const tsa = tsaUrl();
  const { organization, reason, credentials, fields } = options;
  const sealed = await sealPdf(pdf, { organization, reason, credentials, tsaUrl: tsa, fieldName: fields.seal });
  // Unreachable revocation data throws, so the job is retried instead of finishing a weaker file.
  return tsa ? addLongTermValidation(sealed, { tsaUrl: tsa, fieldName: fields.timestamp }) : sealed;
}

/**
 * Job signing.seal-document: once the shipment is complete, every signer's signature is in the files
 * (signing any that a lost job left out), then the organisation's seal closes each file, and the audit
 * certificate is made as a PDF of its own (stating each sealed file's SHA-256) and sealed too. Nothing is
 * added to a signed file but signatures, the seal and long-term validation data, the only changes strict
 * validators accept after a signature (a page added after a signer signed invalidates their signature).
 * With stamping on, it first gives the evidence a bounded time to be stamped, for the certificate. Only
 * sealed files are ever downloaded; all of it is recorded in one transaction, so a retry starts afresh.
 */
export async function sealDocument({ documentId }: z.infer<typeof sealDocumentPayload>): Promise<{ sealed: number }> {
  const document = await db.document.findUnique({
    where: { id: documentId },
    include: {
      organization: { select: { id: true, hexId: true, name: true } },
      signers: { where: { status: "COMPLETED" }, select: { id: true } },
    },
  });
  if (!document || document.status !== "COMPLETED") return { sealed: 0 };
  if (document.sealedAt) {
    // A re-run (say the enqueue below failed after the seal committed): the job ids keep it to once.
    await enqueueCompletion(documentId);
    return { sealed: 0 };
  }
  await awaitEvidenceStamps(documentId);
  for (const signer of document.signers) await signForSigner({ signerId: signer.id });
  const credentials = await sealCredentials(document.organization);
  const t = translator("es-es", "pdfSigning");
  const organization = { name: document.organization.name, contactInfo: validateDocsUrl(document.hexId) };
  const close = (pdf: Uint8Array, reason: string, fields: { seal: string; timestamp: string }) =>
    closeWithSeal(pdf, { organization, reason, credentials, fields });
  const outcome = await db.$transaction(
    async (tx) => {
      await lockDocumentById(tx, documentId);
      const fresh = await tx.document.findUniqueOrThrow({ where: { id: documentId }, select: { sealedAt: true } });
      if (fresh.sealedAt) return { sealed: 0 };
      const files = await tx.documentFile.findMany({ where: { documentId }, orderBy: { id: "asc" } });
      const hashes: string[] = [];
      for (const file of files) {
        if (file.signedStorageKey) continue;
        const bytes = await close(
          await storage().get(file.workingStorageKey ?? file.storageKey),
          t("sealReason", { organization: organization.name }),
          {
            seal: sealFieldName(document.hexId),
            timestamp: archivalTimestampFieldName(document.hexId),
          },
        );
        const stored = await storage().put(bytes);
        await tx.documentFile.update({ where: { id: file.id }, data: { signedStorageKey: stored.key, signedSha256: stored.sha256 } });
        hashes.push(stored.sha256);
      }
      // The certificate names the sealed files by their SHA-256, so it is made once they are.
      const certificate = await close(
        await renderAuditCertificate(await loadAuditCertificateData(tx, documentId)),
        t("certificateSealReason", { organization: organization.name, shipment: document.hexId }),
        { seal: certificateSealFieldName(document.hexId), timestamp: certificateTimestampFieldName(document.hexId) },
      );
      const storedCertificate = await storage().put(certificate);
      await tx.document.update({
        where: { id: documentId },
        data: { sealedAt: new Date(), certificateStorageKey: storedCertificate.key, certificateSha256: storedCertificate.sha256 },
      });
      await appendAuditEvent(tx, { documentId }, "document.sealed", { files: hashes, certificate: storedCertificate.sha256 });
      await recordDocumentEvent(tx, documentId, "document.sealed");
      return { sealed: files.length };
    },
    { timeout: 120_000 },
  );
  // Sealed: the success callback and the completion mails with the link to the signed PDF.
  await enqueueCompletion(documentId);
  return { sealed: outcome.sealed };
}
