import type { getTranslations } from "next-intl/server";
import { Alert } from "@/components/ui/card";
import { evidenceResult } from "@/lib/evidence/evidence-result";
import type { EvidenceStamping, PdfSignatureInfo, PublicEvidence, StampTransaction } from "@/lib/documents/public-validation";

// The parts of /validateDocs that a sealed shipment and a validation certificate show alike: an evidence's stamp with
// its proof verdict and the chain's answer, the signatures of a sealed PDF, and the audit trail with its hash chain.

export const hashClass = "break-all font-mono text-xs text-slate-700";

export type Translate = Awaited<ReturnType<typeof getTranslations<"validateDocs">>>;
export type CertificateTranslate = Awaited<ReturnType<typeof getTranslations<"auditCertificate">>>;
export type When = (date: Date | null) => string;

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
export function EvidenceStampingCell({ stamping, t, when }: { stamping: EvidenceStamping | null; t: Translate; when: When }) {
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

/** A sealed PDF by its SHA-256, with the signature fields found in it (signatures, the seal, document timestamps). */
export function PdfSignaturesBlock({
  file,
  t,
  when,
}: {
  file: { fileName: string; signedSha256: string; signatures: PdfSignatureInfo[] };
  t: Translate;
  when: When;
}) {
  return (
    <div className="mb-4 last:mb-0">
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
              <tr key={signature.field} className="border-b border-slate-100" data-testid="validation-signature" data-kind={signature.kind}>
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
  );
}

/** The audit trail and whether its hash chain is intact. */
export function AuditTrail({
  events,
  brokenAt,
  t,
  when,
}: {
  events: { sequence: number; type: string; createdAt: Date; hash: string }[];
  brokenAt: number | null;
  t: Translate;
  when: When;
}) {
  return (
    <>
      <div className="mb-3">
        {brokenAt === null ? (
          <Alert tone="success">
            <span data-testid="validation-chain">{t("chainValid")}</span>
          </Alert>
        ) : (
          <Alert tone="error">
            <span data-testid="validation-chain">{t("chainBroken", { sequence: brokenAt })}</span>
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
          {events.map((event) => (
            <tr key={event.sequence} className="border-b border-slate-100 align-top">
              <td className="py-1 pr-3">{event.sequence}</td>
              <td className="py-1 pr-3 font-mono text-xs">{event.type}</td>
              <td className="py-1 pr-3 whitespace-nowrap">{when(event.createdAt)}</td>
              <td className={`py-1 ${hashClass}`}>{event.hash}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Evidence by kind and SHA-256, its check, and its stamp. */
export function EvidenceTable({
  evidences,
  t,
  certificate,
  when,
}: {
  evidences: PublicEvidence[];
  t: Translate;
  certificate: CertificateTranslate;
  when: When;
}) {
  if (evidences.length === 0) return <p className="text-sm text-slate-600">{t("noEvidence")}</p>;
  return (
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
        {evidences.map((evidence) => (
          <tr key={evidence.sha256 + evidence.kind} className="border-b border-slate-100 align-top">
            <td className="py-1 pr-3">{certificate(`evidenceKinds.${evidence.kind}`)}</td>
            <td className={`py-1 pr-3 ${hashClass}`}>{evidence.sha256}</td>
            <td className="py-1 pr-3">{certificate(`evidenceResults.${evidenceResult(evidence.kind, evidence.check, true)}`)}</td>
            <td className="py-1" data-testid="validation-evidence-stamping">
              <EvidenceStampingCell stamping={evidence.stamping} t={t} when={when} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
