import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { Alert, Card, PageTitle } from "@/components/ui/card";
import { screenMetadata } from "@/components/layout/route-params";
import { CheckPdfForm } from "@/components/validate-docs/check-pdf-form";
import { formatZonedTime } from "@/lib/i18n/zoned-time";
import { evidenceResult } from "@/lib/evidence/evidence-result";
import { publicValidation, type EvidenceStamping, type StampTransaction } from "@/lib/documents/public-validation";

export const dynamic = "force-dynamic";
export const generateMetadata = () => screenMetadata("validateDocs");

const hashClass = "break-all font-mono text-xs text-slate-700";

const stampingLabel = { pending: "stampingPending", partial: "stampingPartial", stamped: "stampingStamped" } as const;

type Translate = Awaited<ReturnType<typeof getTranslations<"validateDocs">>>;
type When = (date: Date | null) => string;

const onChainKey = {
  confirmed: "confirmed",
  mismatch: "mismatch",
  failed: "failed",
  pending: "pending",
  "not-found": "notFound",
  unreachable: "unreachable",
} as const;

/** What the network's node said of a stamp transaction, asked while rendering this page. */
function OnChainVerdict({ onChain, t, when }: { onChain: StampTransaction["onChain"]; t: Translate; when: When }) {
  const tone =
    onChain.state === "confirmed"
      ? "text-emerald-700"
      : onChain.state === "mismatch" || onChain.state === "failed"
        ? "font-medium text-red-700"
        : "text-amber-700";
  return (
    <p data-testid="validation-onchain" data-state={onChain.state} className={tone}>
      {onChain.state === "confirmed"
        ? t("onChain.confirmed", { block: onChain.blockNumber, time: when(onChain.blockTime) })
        : t(`onChain.${onChainKey[onChain.state]}`)}
    </p>
  );
}

/** One evidence's stamp: the server's record (batch state, root, transactions) and the proof verdict computed here. */
function EvidenceStampingCell({ stamping, t, when }: { stamping: EvidenceStamping | null; t: Translate; when: When }) {
  if (!stamping || stamping.status !== "CONFIRMED") return <span>{t("stampingPending")}</span>;
  return (
    <div className="space-y-1">
      <p>{t("stampingStamped")}</p>
      <p data-testid="validation-proof" className={stamping.proofValid ? "text-emerald-700" : "font-medium text-red-700"}>
        {stamping.proofValid ? t("proofValid") : t("proofInvalid")}
      </p>
      <p className={hashClass}>
        {t("batchRoot")}: {stamping.root}
      </p>
      {stamping.transactions.map((tx) => (
        <div key={tx.network}>
          <p className={hashClass}>
            {t("transaction", { network: tx.network })}:{" "}
            {tx.link ? (
              <a href={tx.link} target="_blank" rel="noopener noreferrer" className="underline">
                {tx.txId}
              </a>
            ) : (
              tx.txId
            )}
          </p>
          <OnChainVerdict onChain={tx.onChain} t={t} when={when} />
        </div>
      ))}
    </div>
  );
}

/**
 * /validateDocs/{signatureHexId}: public verification of a sealed shipment, where the audit
 * certificate's QR code leads. Names and signing times only; the certificate in the PDF holds the rest.
 */
export default async function ValidateDocsPage({ params }: { params: Promise<{ signatureHexId: string }> }) {
  const { signatureHexId } = await params;
  const result = await publicValidation(signatureHexId);
  if (result.state === "not-found") notFound();
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
              {signer.evidences.length === 0 ? (
                <p className="text-sm text-slate-600">{t("noEvidence")}</p>
              ) : (
                <table className="mt-1 w-full text-left text-sm">
                  <thead>
                    <tr className="border-b border-slate-200 text-slate-600">
                      <th className="py-1 pr-3 font-medium">{t("evidenceKind")}</th>
                      <th className="py-1 pr-3 font-medium">SHA-256</th>
                      <th className="py-1 pr-3 font-medium">{t("check")}</th>
                      <th className="py-1 font-medium">{t("stamping")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {signer.evidences.map((evidence) => (
                      <tr key={evidence.sha256 + evidence.kind} className="border-b border-slate-100 align-top">
                        <td className="py-1 pr-3">{certificate(`evidenceKinds.${evidence.kind}`)}</td>
                        <td className={`py-1 pr-3 ${hashClass}`}>{evidence.sha256}</td>
                        <td className="py-1 pr-3">
                          {certificate(`evidenceResults.${evidenceResult(evidence.kind, evidence.check, true)}`)}
                        </td>
                        <td className="py-1" data-testid="validation-evidence-stamping">
                          <EvidenceStampingCell stamping={evidence.stamping} t={t} when={when} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
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
          <div key={file.signedSha256} className="mb-4 last:mb-0">
            <p className="text-sm font-medium text-slate-800">
              {t("file")}: {file.fileName}
            </p>
            <p className={hashClass}>SHA-256: {file.signedSha256}</p>
            {file.signatures.length === 0 ? (
              <p className="text-sm text-slate-600">{t("noSignatures")}</p>
            ) : (
              <table className="mt-2 w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th className="py-1 pr-3 font-medium">{t("field")}</th>
                    <th className="py-1 pr-3 font-medium">{t("signer")}</th>
                    <th className="py-1 font-medium">{t("signingTime")}</th>
                  </tr>
                </thead>
                <tbody>
                  {file.signatures.map((signature) => (
                    <tr
                      key={signature.field}
                      className="border-b border-slate-100"
                      data-testid="validation-signature"
                      data-kind={signature.kind}
                    >
                      <td className="py-1 pr-3 font-mono text-xs">{signature.field}</td>
                      <td className="py-1 pr-3">
                        {signature.kind === "timestamp" ? (
                          <>
                            <span className="font-medium">{t("documentTimestamp")}</span>
                            {signature.name ? (
                              <span className="block text-xs text-slate-600">{t("timestampAuthority", { name: signature.name })}</span>
                            ) : null}
                          </>
                        ) : (
                          (signature.name ?? "—")
                        )}
                      </td>
                      <td className="py-1">{when(signature.signedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        ))}
      </Card>

      <Card title={t("events")}>
        <div className="mb-3">
          {validation.brokenAt === null ? (
            <Alert tone="success">
              <span data-testid="validation-chain">{t("chainValid")}</span>
            </Alert>
          ) : (
            <Alert tone="error">
              <span data-testid="validation-chain">{t("chainBroken", { sequence: validation.brokenAt })}</span>
            </Alert>
          )}
        </div>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th className="py-1 pr-3 font-medium">#</th>
              <th className="py-1 pr-3 font-medium">{t("eventType")}</th>
              <th className="py-1 pr-3 font-medium">{t("eventTime")}</th>
              <th className="py-1 font-medium">{t("hash")}</th>
            </tr>
          </thead>
          <tbody>
            {validation.events.map((event) => (
              <tr key={event.sequence} className="border-b border-slate-100 align-top">
                <td className="py-1 pr-3">{event.sequence}</td>
                <td className="py-1 pr-3 font-mono text-xs">{event.type}</td>
                <td className="py-1 pr-3 whitespace-nowrap">{when(event.createdAt)}</td>
                <td className={`py-1 ${hashClass}`}>{event.hash}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <Card title={t("checkTitle")}>
        <CheckPdfForm signatureHexId={validation.hexId} />
      </Card>
    </main>
  );
}
