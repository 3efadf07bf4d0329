import QRCode from "qrcode";
import { env } from "@/lib/config/env";
import { organizationTimeZone } from "@/lib/config/organization-time-zone";
import { getConfigValue } from "@/lib/config/values";
import type { Tx } from "@/lib/db/client";
import { isLocale, type Locale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/messages";
import { evidenceResult, type EvidenceResult } from "@/lib/evidence/evidence-result";
import { auditTrailTable, certificateCells, certificateDocument, certificateHeading } from "./certificate-layout";
import { renderPdf } from "./render-pdf";

/** Where anyone checks a signed shipment: the QR code of the certificate points here. */
export function validateDocsUrl(signatureHexId: string): string {
  return `${env().APP_BASE_URL.replace(/\/+$/, "")}/validateDocs/${signatureHexId}`;
}

/** j***@example.com: enough to recognise the address, not enough to harvest it. */
export function maskEmail(email: string | null): string {
  if (!email) return "—";
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

export type AuditCertificateData = {
  locale: Locale;
  timezone: string;
  organization: string;
  title: string;
  hexId: string;
  /** Each file as uploaded and as delivered: signed by every signer and sealed (the certificate is made after the seal). */
  files: { fileName: string; sha256: string; signedSha256: string | null }[];
  signers: {
    name: string;
    email: string | null;
    status: string;
    signedAt: Date | null;
    rejectedAt: Date | null;
    rejectionReason: string | null;
    ip: string | null;
    userAgent: string | null;
    location: { displayName: string | null; latitude: number | null; longitude: number | null } | null;
    evidences: { kind: string; sha256: string; check: EvidenceResult; ethTrxid: string | null }[];
  }[];
  events: { sequence: number; type: string; createdAt: Date; hash: string }[];
};

/** Everything the certificate states about a shipment, read inside the sealing transaction. */
export async function loadAuditCertificateData(tx: Tx, documentId: number): Promise<AuditCertificateData> {
  // One query after another: sibling relations of one query would run at once on the transaction's connection.
  const document = await tx.document.findUniqueOrThrow({
    where: { id: documentId },
    include: { organization: { select: { id: true, name: true } } },
  });
  const files = await tx.documentFile.findMany({
    where: { documentId },
    orderBy: { id: "asc" },
    select: { fileName: true, sha256: true, signedSha256: true },
  });
  const signerRows = await tx.signer.findMany({ where: { documentId }, orderBy: [{ position: "asc" }, { id: "asc" }] });
  const signers = [];
  for (const signer of signerRows) {
    const evidences = await tx.evidence.findMany({
      where: { signerId: signer.id },
      orderBy: { id: "asc" },
      include: { stamping: { select: { ethTrxid: true } } },
    });
    const locations = await tx.location.findMany({ where: { signerId: signer.id }, orderBy: { timestamp: "desc" }, take: 1 });
    signers.push({ ...signer, evidences, locations });
  }
  const auditEvents = await tx.auditEvent.findMany({
    where: { documentId },
    orderBy: { sequence: "asc" },
    select: { sequence: true, type: true, createdAt: true, hash: true },
  });
  const language = await getConfigValue(document.organizationId, "default_language");
  return {
    locale: isLocale(language) ? language : "es-es",
    timezone: await organizationTimeZone(document.organizationId),
    organization: document.organization.name,
    title: document.title,
    hexId: document.hexId,
    files,
    signers: signers.map((signer) => {
      const location = signer.locations[0];
      return {
        name: `${signer.firstName} ${signer.lastName}`.trim(),
        email: signer.email,
        status: signer.status,
        signedAt: signer.signedAt,
        rejectedAt: signer.rejectedAt,
        rejectionReason: signer.status === "REJECTED" ? signer.rejectionReason : null,
        ip: signer.ip,
        userAgent: signer.userAgent,
        location: location ? { displayName: location.displayName, latitude: location.latitude, longitude: location.longitude } : null,
        evidences: signer.evidences.map((evidence) => ({
          kind: evidence.kind,
          sha256: evidence.sha256,
          // The certificate is made for a finished shipment: nothing is still to be checked.
          check: evidenceResult(evidence.kind, evidence.check, true),
          ethTrxid: evidence.stamping?.ethTrxid ?? null,
        })),
      };
    }),
    events: auditEvents,
  };
}

/** The QR code (PNG) of the shipment's public validation page. */
export async function validateDocsQr(signatureHexId: string): Promise<Buffer> {
  return QRCode.toBuffer(validateDocsUrl(signatureHexId), { type: "png", errorCorrectionLevel: "M", margin: 2, width: 240 });
}

/** The certificate pages on their own, laid out by pdfmake (Roboto: accents and ñ). */
export async function renderAuditCertificate(data: AuditCertificateData): Promise<Uint8Array> {
  const t = translator(data.locale, "auditCertificate");
  const cells = certificateCells(data.locale, data.timezone);
  const { when, hash, label } = cells;
  const qr = await validateDocsQr(data.hexId);

  const signerBlocks = data.signers.flatMap((signer, index) => {
    const place = signer.location
      ? [
          signer.location.displayName,
          signer.location.latitude != null && signer.location.longitude != null
            ? `${signer.location.latitude}, ${signer.location.longitude}`
            : null,
        ]
          .filter(Boolean)
          .join(" · ")
      : "—";
    return [
      // The signer's name and facts stay together on one page; no row is ever cut by a page break.
      {
        unbreakable: true,
        stack: [
          { text: `${index + 1}. ${signer.name}`, style: "signer" },
          {
            table: {
              widths: [110, "*"],
              dontBreakRows: true,
              body: [
                [label(t("email")), maskEmail(signer.email)],
                [label(t("status")), t(`signerStatus.${signer.status}`)],
                signer.status === "REJECTED"
                  ? [label(t("rejectedAt")), when(signer.rejectedAt)]
                  : [label(t("signedAt")), when(signer.signedAt)],
                ...(signer.rejectionReason ? [[label(t("rejectionReason")), signer.rejectionReason]] : []),
                [label(t("ip")), signer.ip ?? "—"],
                [label(t("userAgent")), { text: signer.userAgent || "—", fontSize: 7 }],
                [label(t("location")), place || "—"],
              ],
            },
            layout: "lightHorizontalLines",
          },
        ],
      },
      signer.evidences.length === 0
        ? { text: t("noEvidence"), italics: true, margin: [0, 4, 0, 0] }
        : {
            margin: [0, 4, 0, 0],
            table: {
              headerRows: 1,
              dontBreakRows: true,
              widths: [80, "*", 95],
              body: [
                [label(t("evidenceKind")), label(t("sha256")), label(t("check"))],
                ...signer.evidences.map((evidence) => [
                  t(`evidenceKinds.${evidence.kind}`),
                  {
                    stack: [
                      hash(evidence.sha256),
                      ...(evidence.ethTrxid ? [{ text: `${t("stampingTx")}: ${evidence.ethTrxid}`, fontSize: 7 }] : []),
                    ],
                  },
                  t(`evidenceResults.${evidence.check}`),
                ]),
              ],
            },
            layout: "lightHorizontalLines",
          },
    ];
  });

  const definition = certificateDocument({
    title: t("title"),
    organization: data.organization,
    id: data.hexId,
    styles: { signer: { fontSize: 10, bold: true, margin: [0, 8, 0, 4] } },
    content: [
      certificateHeading(
        t("title"),
        data.organization,
        [
          { text: [label(`${t("document")}: `), data.title] },
          { text: [label(`${t("shipmentId")}: `), data.hexId] },
          { text: t("validateAt"), margin: [0, 8, 0, 0], fontSize: 8 },
          { text: validateDocsUrl(data.hexId), fontSize: 8, color: "#0f766e" },
          { text: t("companion", { organization: data.organization }), margin: [0, 8, 0, 0], fontSize: 8 },
        ],
        qr,
      ),
      { text: t("files"), style: "section" },
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: [120, "*"],
          body: [
            [label(t("fileName")), label(t("sha256"))],
            ...data.files.map((file) => [
              file.fileName,
              {
                stack: [
                  { text: t("originalSha256"), fontSize: 7, color: "#555555" },
                  hash(file.sha256),
                  ...(file.signedSha256
                    ? [
                        { text: t("signedSha256"), fontSize: 7, color: "#555555", margin: [0, 3, 0, 0] },
                        { ...hash(file.signedSha256), bold: true },
                      ]
                    : []),
                ],
              },
            ]),
          ],
        },
        layout: "lightHorizontalLines",
      },
      { text: t("signers"), style: "section" },
      ...signerBlocks,
      { text: t("events"), style: "section" },
      auditTrailTable(data.events, t, cells),
      { text: t("footnote"), fontSize: 7, italics: true, margin: [0, 12, 0, 0] },
    ],
  });
  return new Uint8Array(await renderPdf(definition));
}
