import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { Card, PageTitle } from "@/components/ui/card";
import { screenMetadata } from "@/components/layout/route-params";
import { CheckPdfForm } from "@/components/validate-docs/check-pdf-form";
import { AuditTrail, EvidenceTable, PdfSignaturesBlock } from "@/components/validate-docs/verification-parts";
import { ValidationCertificateVerification } from "@/components/validate-docs/validation-certificate-verification";
import { formatZonedTime } from "@/lib/i18n/zoned-time";
import { publicValidation } from "@/lib/documents/public-validation";
import { publicValidationCertificate } from "@/lib/validation-process/certificate-verification";

export const dynamic = "force-dynamic";
export const generateMetadata = () => screenMetadata("validateDocs");

const stampingLabel = { pending: "stampingPending", partial: "stampingPartial", stamped: "stampingStamped" } as const;

/**
 * /validateDocs/{signatureHexId}: public verification of a sealed shipment, where the audit
 * certificate's QR code leads. Names and signing times only; the certificate in the PDF holds the rest.
 * The id of a validation certificate (its own QR code) shows that certificate's verification instead.
 */
export default async function ValidateDocsPage({ params }: { params: Promise<{ signatureHexId: string }> }) {
  const { signatureHexId } = await params;
  const result = await publicValidation(signatureHexId);
  if (result.state === "not-found") {
    const certified = await publicValidationCertificate(signatureHexId);
    if (!certified) notFound();
    return <ValidationCertificateVerification verification={certified} />;
  }
  const [t, screens, certificate, locale] = await Promise.all([
    getTranslations("validateDocs"),
    getTranslations("screens"),
    getTranslations("auditCertificate"),
    getLocale(),
  ]);
  if (result.state === "not-available") {
    return (
      <main className="mx-auto max-w-3xl p-6">
        <PageTitle>{screens("validateDocs")}</PageTitle>
        <Card>
          <p className="text-slate-800" data-testid="validation-not-available">
            {t("notAvailable")}
          </p>
        </Card>
      </main>
    );
  }
  const { validation } = result;
  // On the organisation's clocks with the zone, as the certificate in the PDF states them.
  const when = (date: Date | null) => (date ? formatZonedTime(date, locale, validation.timeZone, { seconds: true }) : "—");
  return (
    <main className="mx-auto max-w-4xl space-y-6 p-6">
      <PageTitle subtitle={validation.organization}>{screens("validateDocs")}</PageTitle>

      <Card title={t("shipment")}>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="font-medium text-slate-600">{certificate("document")}</dt>
          <dd data-testid="validation-title">{validation.title}</dd>
          <dt className="font-medium text-slate-600">{t("organization")}</dt>
          <dd>{validation.organization}</dd>
          <dt className="font-medium text-slate-600">{t("status")}</dt>
          <dd>{t(`documentStatus.${validation.status}`)}</dd>
          <dt className="font-medium text-slate-600">{t("sealedAt")}</dt>
          <dd>{when(validation.sealedAt)}</dd>
          <dt className="font-medium text-slate-600">{t("stamping")}</dt>
          <dd data-testid="validation-stamping">{t(stampingLabel[validation.stamping])}</dd>
        </dl>
        <p className="mt-4 text-sm text-slate-600">{t("stampingSources")}</p>
        <p className="mt-3">
          <a
            href={`/api/validateDocs/${validation.hexId}/package`}
            download
            className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
            data-testid="validation-package"
          >
            {t("downloadPackage")}
          </a>
        </p>
        <p className="mt-1 text-xs text-slate-500">{t("downloadPackageHelp")}</p>
      </Card>

      <Card title={t("signers")}>
        <ul className="space-y-4">
          {validation.signers.map((signer, index) => (
            <li key={index} className="rounded-md border border-slate-200 p-4" data-testid="validation-signer">
              <p className="font-medium text-slate-900">{signer.name}</p>
              <p className="text-sm text-slate-600">
                {t("signedAt")}: {when(signer.signedAt)}
              </p>
              <h3 className="mt-3 text-sm font-semibold text-slate-800">{t("evidences")}</h3>
              <EvidenceTable evidences={signer.evidences} t={t} certificate={certificate} when={when} />
            </li>
          ))}
        </ul>
      </Card>

      <Card title={t("signatures")}>
        {[
          ...validation.files,
          ...(validation.certificate
            ? [{ fileName: t("certificate"), signedSha256: validation.certificate.sha256, signatures: validation.certificate.signatures }]
            : []),
        ].map((file) => (
          <PdfSignaturesBlock key={file.signedSha256} file={file} t={t} when={when} />
        ))}
      </Card>

      <Card title={t("events")}>
        <AuditTrail events={validation.events} brokenAt={validation.brokenAt} t={t} when={when} />
      </Card>

      <Card title={t("checkTitle")}>
        <CheckPdfForm signatureHexId={validation.hexId} />
      </Card>
    </main>
  );
}
