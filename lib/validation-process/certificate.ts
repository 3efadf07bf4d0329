import { organizationTimeZone } from "@/lib/config/organization-time-zone";
import type { Tx } from "@/lib/db/client";
import { evidenceResult } from "@/lib/evidence/evidence-result";
import { fromDbLanguage, type Locale } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/messages";
import { validateDocsQr, validateDocsUrl } from "@/lib/pdf/audit-certificate";
import { auditTrailTable, certificateCells, certificateDocument, certificateHeading } from "@/lib/pdf/certificate-layout";
import { renderPdf } from "@/lib/pdf/render-pdf";
import { networkOfColumn, txColumns } from "@/lib/stamping/networks";
import { checkFacts, reviewedLocation } from "@/lib/validation-review/process-detail";
import type { ValidatedPerson } from "./person";

// The validation certificate of a completed validation process: who was validated (the person's data as they gave
// it), each evidence by kind and SHA-256 with what its checks found and its blockchain stamp, where the person was,
// the staff decision when there was one, and the audit trail; a QR code leads to /validateDocs/{certificateHexId}.
// Laid out by pdfmake like the shipments' audit certificate (lib/pdf/audit-certificate.ts), then sealed by the
// organisation in lib/validation-process/certificate-job.ts.

export type ValidationCertificateEvidence = {
  kind: string;
  sha256: string;
  capturedAt: Date;
  result: string;
  face: { distance: number | null; threshold: number | null } | null;
  liveness: { result: string | null; reasons: string[] } | null;
  registry: { found: boolean | null; nameMatches: boolean | null } | null;
  review: { decision: string; reason: string | null } | null;
  stamping: { status: string; root: string; transactions: { network: string; txId: string }[] } | null;
};

export type ValidationCertificateData = {
  locale: Locale;
  timezone: string;
  organization: string;
  certificateHexId: string;
  processHexId: string;
  person: ValidatedPerson;
  linkDescription: string | null;
  dates: { startedAt: Date; dataCapturedAt: Date | null; completedAt: Date | null };
  /** The staff decision of a process that waited in review. */
  review: { by: string; at: Date } | null;
  evidences: ValidationCertificateEvidence[];
  locations: {
    timestamp: Date;
    displayName: string | null;
    latitude: number | null;
    longitude: number | null;
    accuracy: number | null;
    error: string | null;
  }[];
  events: { sequence: number; type: string; createdAt: Date; hash: string }[];
};

/** Everything the certificate states about a validation process, read in the caller's transaction. */
export async function loadValidationCertificateData(
  tx: Tx,
  processId: number,
  certificateHexId: string,
): Promise<ValidationCertificateData> {
  // One query after another: sibling relations of one query would run at once on the transaction's connection.
  const process = await tx.validationProcess.findUniqueOrThrow({
    where: { id: processId },
    include: { organization: { select: { name: true } }, validationLink: { select: { description: true } } },
  });
  const locale = fromDbLanguage(process.preferredLanguage);
  const country = process.country ? await tx.country.findUnique({ where: { code: process.country } }) : null;
  const identType =
    country && process.identType
      ? await tx.identType.findUnique({ where: { countryId_code: { countryId: country.id, code: process.identType } } })
      : null;
  const evidences = await tx.evidence.findMany({
    where: { validationProcessId: processId },
    orderBy: { id: "asc" },
    include: { stamping: { include: { batch: true } } },
  });
  const locations = await tx.location.findMany({ where: { validationProcessId: processId }, orderBy: { id: "asc" } });
  const events = await tx.auditEvent.findMany({
    where: { validationProcessId: processId },
    orderBy: { sequence: "asc" },
    select: { sequence: true, type: true, createdAt: true, hash: true },
  });
  const reviewer =
    process.reviewedById !== null
      ? await tx.user.findUnique({ where: { id: process.reviewedById }, select: { firstName: true, lastName: true } })
      : null;
  return {
    locale,
    timezone: await organizationTimeZone(process.organizationId),
    organization: process.organization.name,
    certificateHexId,
    processHexId: process.hexId,
    person: {
      firstName: process.firstName,
      lastName: process.lastName,
      email: process.email,
      cellPhone: process.cellPhone,
      country: country ? `${country.name} (${country.code})` : process.country,
      identType: identType?.name ?? process.identType,
      identNumber: process.identNumber,
    },
    linkDescription: process.validationLink?.description ?? null,
    dates: { startedAt: process.createdAt, dataCapturedAt: process.dataCapturedAt, completedAt: process.completedAt },
    review: process.reviewedAt
      ? { by: reviewer ? `${reviewer.firstName} ${reviewer.lastName}`.trim() : "—", at: process.reviewedAt }
      : null,
    evidences: evidences.map((evidence) => {
      const facts = checkFacts(evidence.kind, evidence.checkDetail);
      const batch = evidence.stamping?.batch ?? null;
      return {
        kind: evidence.kind,
        sha256: evidence.sha256,
        capturedAt: evidence.createdAt,
        // The certificate is made for a completed process: nothing is still to be checked.
        result: evidenceResult(evidence.kind, evidence.check, true),
        face: facts.face ? { distance: facts.face.distance, threshold: facts.face.threshold } : null,
        liveness: facts.video && facts.video.result ? { result: facts.video.result, reasons: facts.video.reasons } : null,
        registry: facts.registry,
        review: facts.review ? { decision: facts.review.decision, reason: facts.review.reason } : null,
        stamping: batch
          ? {
              status: batch.status,
              root: batch.merkleRoot,
              transactions: txColumns.flatMap((column) =>
                batch[column] ? [{ network: networkOfColumn(column).name, txId: batch[column] as string }] : [],
              ),
            }
          : null,
      };
    }),
    locations: await Promise.all(
      locations.map(async (location) => {
        const shown = await reviewedLocation(location, locale);
        return {
          timestamp: location.timestamp,
          displayName: shown.displayName,
          latitude: shown.latitude,
          longitude: shown.longitude,
          accuracy: shown.accuracy,
          error: shown.latitude === null ? (shown.errorMessage ?? (shown.errorCode !== null ? String(shown.errorCode) : null)) : null,
        };
      }),
    ),
    events,
  };
}

/** The certificate's pages, unsealed (Roboto: accents and ñ). */
export async function renderValidationCertificate(data: ValidationCertificateData): Promise<Uint8Array> {
  const t = translator(data.locale, "validationCertificate");
  const kinds = translator(data.locale, "auditCertificate");
  const reasons = translator(data.locale, "docdetail");
  const cells = certificateCells(data.locale, data.timezone);
  const { when, hash, label } = cells;
  const dash = (value: string | null | undefined) => (value && value.trim() ? value : "—");
  const url = validateDocsUrl(data.certificateHexId);
  const qr = await validateDocsQr(data.certificateHexId);
  const name = [data.person.firstName, data.person.lastName].filter(Boolean).join(" ");
  const number = (value: number) =>
    new Intl.NumberFormat(data.locale === "en-us" ? "en-US" : "es-ES", { maximumFractionDigits: 4 }).format(value);

  const checks = (evidence: ValidationCertificateEvidence): string[] => {
    const lines: string[] = [kinds(`evidenceResults.${evidence.result}`)];
    if (evidence.face)
      lines.push(
        evidence.face.distance !== null
          ? t("faceMatch", {
              distance: number(evidence.face.distance),
              threshold: evidence.face.threshold !== null ? number(evidence.face.threshold) : "—",
            })
          : t("faceMatchNone"),
      );
    if (evidence.liveness) {
      const why = evidence.liveness.reasons.map((reason) => {
        const key = `review.reasons.${reason}`;
        const text = reasons(key);
        return text === `docdetail.${key}` ? reason : text;
      });
      lines.push(
        t("liveness", { result: kinds(`evidenceResults.${evidence.liveness.result}`) }) + (why.length > 0 ? ` (${why.join("; ")})` : ""),
      );
    }
    if (evidence.registry)
      lines.push(
        t(evidence.registry.found ? (evidence.registry.nameMatches ? "registryMatch" : "registryNameMismatch") : "registryNotFound"),
      );
    if (evidence.review)
      lines.push(
        t(evidence.review.decision === "ACCEPT" ? "reviewAccepted" : "reviewRejected") +
          (evidence.review.reason ? `: ${evidence.review.reason}` : ""),
      );
    return lines;
  };

  const stampingLines = (evidence: ValidationCertificateEvidence) => {
    if (!evidence.stamping || evidence.stamping.status !== "CONFIRMED" || evidence.stamping.transactions.length === 0)
      return [{ text: `${t("stamping")}: ${t("stampingPending")}`, fontSize: 7, margin: [0, 3, 0, 0] }];
    return [
      { text: `${t("stamping")} · ${t("merkleRoot")}:`, fontSize: 6, color: "#555555", margin: [0, 3, 0, 0] },
      { ...hash(evidence.stamping.root), fontSize: 6 },
      ...evidence.stamping.transactions.flatMap((tx) => [
        { text: `${t("transaction", { network: tx.network })}:`, fontSize: 6, color: "#555555" },
        { ...hash(tx.txId), fontSize: 6 },
      ]),
    ];
  };

  const definition = certificateDocument({
    title: t("title"),
    infoTitle: `${t("title")} · ${name}`,
    organization: data.organization,
    author: true,
    id: data.certificateHexId,
    content: [
      certificateHeading(
        t("title"),
        data.organization,
        [
          { text: t("intro", { organization: data.organization }), fontSize: 8, margin: [0, 0, 0, 6] },
          { text: [label(`${t("certificateId")}: `), data.certificateHexId] },
          { text: [label(`${t("processId")}: `), data.processHexId] },
          { text: t("verifyAt"), margin: [0, 8, 0, 0], fontSize: 8 },
          { text: url, fontSize: 8, color: "#0f766e" },
        ],
        qr,
      ),
      { text: t("person"), style: "section" },
      {
        table: {
          widths: [130, "*"],
          dontBreakRows: true,
          body: [
            [label(t("firstName")), dash(data.person.firstName)],
            [label(t("lastName")), dash(data.person.lastName)],
            [label(t("email")), dash(data.person.email)],
            [label(t("phone")), dash(data.person.cellPhone)],
            [label(t("country")), dash(data.person.country)],
            [label(t("identification")), `${dash(data.person.identType)} · ${dash(data.person.identNumber)}`],
            [label(t("organization")), data.organization],
            [label(t("link")), dash(data.linkDescription)],
          ],
        },
        layout: "lightHorizontalLines",
      },
      { text: t("dates"), style: "section" },
      {
        table: {
          widths: [130, "*"],
          dontBreakRows: true,
          body: [
            [label(t("startedAt")), when(data.dates.startedAt)],
            [label(t("dataCapturedAt")), when(data.dates.dataCapturedAt)],
            [label(t("completedAt")), when(data.dates.completedAt)],
            [
              label(t("decision")),
              data.review ? t("decisionAccepted", { name: data.review.by, date: when(data.review.at) }) : t("decisionAutomatic"),
            ],
          ],
        },
        layout: "lightHorizontalLines",
      },
      { text: t("evidences"), style: "section" },
      data.evidences.length === 0
        ? { text: t("noEvidence"), italics: true }
        : {
            table: {
              headerRows: 1,
              dontBreakRows: true,
              widths: [90, "*"],
              body: [
                [label(t("evidenceKind")), label(t("sha256AndChecks"))],
                ...data.evidences.map((evidence) => [
                  { stack: [kinds(`evidenceKinds.${evidence.kind}`), { text: when(evidence.capturedAt), fontSize: 6, color: "#555555" }] },
                  {
                    stack: [
                      hash(evidence.sha256),
                      ...checks(evidence).map((line) => ({ text: line, fontSize: 8, margin: [0, 2, 0, 0] })),
                      ...stampingLines(evidence),
                    ],
                  },
                ]),
              ],
            },
            layout: "lightHorizontalLines",
          },
      { text: t("location"), style: "section" },
      data.locations.length === 0
        ? { text: t("noLocation"), italics: true }
        : {
            table: {
              widths: [130, "*"],
              dontBreakRows: true,
              body: data.locations.map((location) => [
                when(location.timestamp),
                location.latitude !== null && location.longitude !== null
                  ? [
                      location.displayName,
                      `${location.latitude}, ${location.longitude}`,
                      location.accuracy !== null ? t("accuracy", { meters: Math.round(location.accuracy) }) : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")
                  : t("locationRefused", { message: location.error ?? "—" }),
              ]),
            },
            layout: "lightHorizontalLines",
          },
      { text: t("events"), style: "section" },
      auditTrailTable(data.events, t, cells),
      { text: t("footnote", { organization: data.organization }), fontSize: 7, italics: true, margin: [0, 12, 0, 0] },
    ],
  });
  return new Uint8Array(await renderPdf(definition));
}
