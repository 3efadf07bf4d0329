import { getLocale, getTranslations } from "next-intl/server";
import { Card, PageTitle } from "@/components/ui/card";
import { CheckPdfForm } from "@/components/validate-docs/check-pdf-form";
import { AuditTrail, EvidenceTable, PdfSignaturesBlock } from "@/components/validate-docs/verification-parts";
import { formatZonedTime } from "@/lib/i18n/zoned-time";
import type { PublicValidationCertificate } from "@/lib/validation-process/certificate-verification";

const stampingLabel = { pending: "stampingPending", partial: "stampingPartial", stamped: "stampingStamped" } as const;

/**
 * /validateDocs/{certificateHexId}: the public verification of a validation certificate, where its QR code leads. The
 * person's name only (the sealed PDF holds the rest), each evidence's hash with its Merkle proof checked here and each
 * stamp transaction asked of its network, the seal in the PDF, the audit trail, and the check of an uploaded copy.
 */
export async function ValidationCertificateVerification({ verification }: { verification: PublicValidationCertificate }) {
  const [t, screens, certificate, locale] = await Promise.all([
    getTranslations("validateDocs"),
    getTranslations("screens"),
    getTranslations("auditCertificate"),
    getLocale(),
  ]);
  const when = (date: Date | null) => (date ? formatZonedTime(date, locale, verification.timeZone, { seconds: true }) : "—");
  return (
    <main className="mx-auto max-w-4xl space-y-6 p-6">
      <PageTitle subtitle={verification.organization}>{screens("validateDocs")}</PageTitle>

      <Card title={t("validationCertificate")}>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="font-medium text-slate-600">{t("validationPerson")}</dt>
          <dd data-testid="validation-person">{verification.person || "—"}</dd>
          <dt className="font-medium text-slate-600">{t("organization")}</dt>
          <dd>{verification.organization}</dd>
          <dt className="font-medium text-slate-600">{t("validationCompletedAt")}</dt>
          <dd>{when(verification.completedAt)}</dd>
          <dt className="font-medium text-slate-600">{t("validationSealedAt")}</dt>
          <dd>{when(verification.sealedAt)}</dd>
          <dt className="font-medium text-slate-600">{t("stamping")}</dt>
          <dd data-testid="validation-stamping">{t(stampingLabel[verification.stamping])}</dd>
        </dl>
        <p className="mt-4 text-sm text-slate-600">{t("stampingSources")}</p>
      </Card>

      <Card title={t("validationEvidences")}>
        <div data-testid="validation-certificate-evidences">
          <EvidenceTable evidences={verification.evidences} t={t} certificate={certificate} when={when} />
        </div>
      </Card>

      <Card title={t("validationSignatures")}>
        <PdfSignaturesBlock
          file={{
            fileName: t("validationCertificate"),
            signedSha256: verification.certificate.sha256,
            signatures: verification.certificate.signatures,
          }}
          t={t}
          when={when}
        />
      </Card>

      <Card title={t("events")}>
        <AuditTrail events={verification.events} brokenAt={verification.brokenAt} t={t} when={when} />
      </Card>

      <Card title={t("checkTitle")}>
        <CheckPdfForm signatureHexId={verification.certificateHexId} />
      </Card>
    </main>
  );
}
