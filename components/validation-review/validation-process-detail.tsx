"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { ValidationStatusBadge } from "@/components/documents/status-badge";
import { useLivenessReason } from "@/components/evidence/liveness-measurements";
import { ReviewDecision } from "@/components/evidence/review-decision";
import { JudgedVideo } from "@/components/evidence/judged-video";
import type { LivenessMovement } from "@/components/evidence/liveness-measurements";
import { ValidationCertificateDownload } from "@/components/validation-certificate/validation-certificate-download";
import type { ReviewedEvidence, ValidationProcessDetail } from "@/lib/validation-review/schemas";
import { LocationMap } from "./location-map";

type Props = { initial: ValidationProcessDetail; canDecide: boolean };

function Facts({ items, testId }: { items: [string, ReactNode][]; testId?: string }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid={testId}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-slate-500">{label}</dt>
          <dd className="break-words text-slate-900">{value ?? "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A completed process's validation certificate (sealed PDF), which staff download from here. */
function CertificateCard({ processHexId, certificate }: { processHexId: string; certificate: ValidationProcessDetail["certificate"] }) {
  const t = useTranslations("validationCertificate");
  return (
    <Card title={t("cardTitle")}>
      <p className="mb-3 text-sm text-slate-600">{t("cardHelp")}</p>
      <ValidationCertificateDownload processHexId={processHexId} />
      {certificate ? (
        <p className="mt-3 text-sm" data-testid="validation-certificate-sealed">
          <a className="text-sky-700 hover:underline" href={certificate.verifyPath} target="_blank" rel="noreferrer">
            {t("verifyLink")}
          </a>
          <code className="mt-1 block break-all text-xs text-slate-500">SHA-256: {certificate.sha256}</code>
        </p>
      ) : null}
    </Card>
  );
}

/**
 * /seeValidation/{processHexId}: one validation process for staff: the person's data, each evidence (photos and
 * the video from a staff-only route, face-match distances, the digits read aloud, the registry's answer, the
 * stamping proofs), where the person was, the audit trail, and — while it waits in review — the final decision.
 */
export function ValidationProcessDetailScreen({ initial, canDecide }: Props) {
  const t = useTranslations("validationReview");
  const doc = useTranslations("docdetail");
  const livenessReason = useLivenessReason();
  const format = useFormatter();
  const api = useApi();
  const [view, setView] = useState(initial);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<"accept" | "reject" | null>(null);

  const when = (value: string | null) => (value ? format.dateTime(new Date(value), { dateStyle: "medium", timeStyle: "medium" }) : "—");
  const base = `/api/validation-processes/${view.processHexId}`;
  const name = [view.person.firstName, view.person.lastName].filter(Boolean).join(" ") || t("noName");

  const decide = async (decision: "accept" | "reject") => {
    setConfirming(null);
    setBusy(true);
    const result = await api(`${base}/${decision}`, { method: "POST", body: decision === "reject" ? { reason } : {} });
    if (result.ok) notifySuccess(t(decision === "accept" ? "notices.accepted" : "notices.rejected"));
    else notifyApiError(result.error);
    // Whatever the answer (another staff member may have decided first), show what the server holds now.
    const fresh = await api<ValidationProcessDetail>(base);
    if (fresh.ok) setView(fresh.data);
    setBusy(false);
  };

  const checkLabel = (check: string) => (doc.has(`evidences.results.${check}`) ? doc(`evidences.results.${check}`) : check);
  const evidenceBody = (evidence: ReviewedEvidence) => {
    if (evidence.kind === "VIDEO" && evidence.video)
      return (
        <JudgedVideo
          movement={evidence.video.movement as LivenessMovement}
          judgedFrames={evidence.video.judgedFrames}
          idPhoto={evidence.video.idPhoto}
          src={evidence.fileUrl}
          digits={evidence.video.digits}
          testIdPrefix="validation-review"
          labels={{ digits: doc("review.digits"), why: t("evidence.liveness") }}
          why={
            <>
              {evidence.video.result ? checkLabel(evidence.video.result) : "—"}
              {evidence.video.reasons.length > 0 ? ` · ${evidence.video.reasons.map(livenessReason).join(" · ")}` : null}
              {evidence.video.matchedFrames !== null && evidence.video.frames !== null
                ? ` (${doc("review.matched", { matched: evidence.video.matchedFrames, frames: evidence.video.frames })})`
                : null}
              {evidence.video.minDistance !== null
                ? ` · ${t("evidence.bestDistance", { distance: format.number(evidence.video.minDistance) })}`
                : null}
              <span className="block text-xs text-slate-500">{t("evidence.noTranscription")}</span>
            </>
          }
        />
      );
    if (evidence.mimeType.startsWith("image/"))
      return (
        <a href={evidence.fileUrl} target="_blank" rel="noreferrer">
          {/* eslint-disable-next-line @next/next/no-img-element -- a staff-only evidence stream, not a static asset */}
          <img
            src={evidence.fileUrl}
            alt={t("evidence.imageAlt", { kind: doc(`evidences.kinds.${evidence.kind}`) })}
            className="max-h-64 rounded border border-slate-200"
            data-testid="validation-evidence-image"
          />
        </a>
      );
    return (
      <a className="text-sm text-sky-700 hover:underline" href={evidence.fileUrl} target="_blank" rel="noreferrer">
        {t("evidence.download")}
      </a>
    );
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900" data-testid="validation-person-name">
            {name}
          </h2>
          <p className="text-sm text-slate-600">
            {view.link ? view.link.description : t("noLink")} · {view.flow.name}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <ValidationStatusBadge status={view.status} />
          <Link className="text-sm text-sky-700 hover:underline" href="/seeValidation">
            {t("backToList")}
          </Link>
        </div>
      </div>

      <Card title={t("decision.title")}>
        {view.decidable ? (
          canDecide ? (
            <div className="space-y-2">
              <p className="text-sm text-slate-700">{t("decision.pending")}</p>
              <ReviewDecision
                id={view.processHexId}
                reason={reason}
                onReasonChange={setReason}
                busy={busy}
                onAccept={() => setConfirming("accept")}
                onReject={() => setConfirming("reject")}
                labels={{ reason: t("decision.reason"), accept: t("decision.accept"), reject: t("decision.reject") }}
                testIdPrefix="validation-review"
              />
            </div>
          ) : (
            <p className="text-sm text-slate-700">{t("decision.noPermission")}</p>
          )
        ) : view.reviewedAt ? (
          <div className="space-y-1 text-sm" data-testid="validation-decision-final">
            <p className="font-medium text-slate-900">
              {t(view.status === "REJECTED" ? "decision.rejectedBy" : "decision.acceptedBy", {
                name: view.reviewedBy ?? "—",
                date: when(view.reviewedAt),
              })}
            </p>
            {view.rejectionReason ? <p className="text-slate-700">{t("decision.reasonShown", { reason: view.rejectionReason })}</p> : null}
            <p className="text-slate-500">{t("decision.final")}</p>
          </div>
        ) : (
          <p className="text-sm text-slate-700">{t("decision.notInReview")}</p>
        )}
      </Card>

      {view.status === "COMPLETED" ? <CertificateCard processHexId={view.processHexId} certificate={view.certificate} /> : null}

      <Card title={t("person.title")}>
        <Facts
          testId="validation-person"
          items={[
            [t("person.name"), name],
            [t("person.ident"), [view.person.identType, view.person.identNumber].filter(Boolean).join(" ") || null],
            [t("person.country"), view.person.country],
            [t("person.email"), view.person.email],
            [t("person.phone"), view.person.cellPhone],
            [t("person.capturedAt"), when(view.person.dataCapturedAt)],
            [t("person.started"), when(view.startedAt)],
            [t("person.expires"), when(view.expirationDate)],
            [
              t("person.progress"),
              t("person.progressValue", {
                step: Math.min(view.currentStep, view.flow.steps.length),
                steps: view.flow.steps.length,
                attempts: view.attempts,
                restarts: view.restarts,
              }),
            ],
            [t("person.device"), [view.ip, view.userAgent].filter(Boolean).join(" · ") || null],
          ]}
        />
      </Card>

      <Card title={t("evidence.title")}>
        {view.evidences.length === 0 ? (
          <p className="text-sm text-slate-500">{t("evidence.empty")}</p>
        ) : (
          <ul className="space-y-6" data-testid="validation-evidences">
            {view.evidences.map((evidence) => (
              <li
                key={evidence.evidenceHexId}
                className="space-y-3 border-t border-slate-100 pt-4 first:border-0 first:pt-0"
                data-testid="validation-evidence"
                data-kind={evidence.kind}
              >
                <div className="flex flex-wrap items-baseline gap-2">
                  <h3 className="font-medium text-slate-900">{doc(`evidences.kinds.${evidence.kind}`)}</h3>
                  <span className="text-sm text-slate-600" data-testid="validation-evidence-check">
                    {checkLabel(evidence.check)}
                  </span>
                  <span className="text-xs text-slate-500">{when(evidence.createdAt)}</span>
                </div>
                {evidenceBody(evidence)}
                <Facts
                  items={[
                    ...(evidence.face
                      ? ([
                          [
                            t("evidence.faceMatch"),
                            <span key="face" data-testid="validation-face-distance">
                              {evidence.face.distance !== null
                                ? t("evidence.distance", {
                                    distance: format.number(evidence.face.distance),
                                    threshold: evidence.face.threshold !== null ? format.number(evidence.face.threshold) : "—",
                                  })
                                : "—"}
                              {evidence.face.reason ? ` · ${evidence.face.reason}` : null}
                            </span>,
                          ],
                        ] as [string, ReactNode][])
                      : []),
                    ...(evidence.registry
                      ? ([
                          [
                            t("evidence.registry"),
                            t(
                              evidence.registry.found
                                ? evidence.registry.nameMatches
                                  ? "evidence.registryMatch"
                                  : "evidence.registryNameMismatch"
                                : "evidence.registryNotFound",
                            ),
                          ],
                        ] as [string, ReactNode][])
                      : []),
                    ...(evidence.review
                      ? ([
                          [
                            t("evidence.review"),
                            `${evidence.review.decision}${evidence.review.reason ? ` · ${evidence.review.reason}` : ""}`,
                          ],
                        ] as [string, ReactNode][])
                      : []),
                    [
                      t("evidence.sha256"),
                      <code key="sha" className="text-xs">
                        {evidence.sha256}
                      </code>,
                    ],
                    [
                      t("evidence.stamping"),
                      evidence.stamping ? (
                        <span key="stamp" className="space-y-0.5 text-xs" data-testid="validation-stamping">
                          <span className="block">{t(`stamping.${evidence.stamping.status}`)}</span>
                          {(
                            [
                              ["LACChain", evidence.stamping.lacchainTx, evidence.stamping.linkLacchain],
                              ["Rollux", evidence.stamping.rolluxTx, evidence.stamping.linkRollux],
                              [t("stamping.local"), evidence.stamping.localTx, evidence.stamping.linkStamping],
                            ] as const
                          )
                            .filter(([, tx]) => tx)
                            .map(([network, tx, href]) => (
                              <span key={network} className="block break-all font-mono">
                                {network}:{" "}
                                {href ? (
                                  <a className="text-sky-700 hover:underline" href={href} target="_blank" rel="noreferrer">
                                    {tx}
                                  </a>
                                ) : (
                                  tx
                                )}
                              </span>
                            ))}
                        </span>
                      ) : (
                        t("stamping.none")
                      ),
                    ],
                  ]}
                />
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card title={t("location.title")}>
        {view.locations.length === 0 ? (
          <p className="text-sm text-slate-500">{t("location.empty")}</p>
        ) : (
          <ul className="space-y-4" data-testid="validation-locations">
            {view.locations.map((location, index) => (
              <li key={`${location.timestamp}-${index}`} className="space-y-2">
                {location.latitude !== null && location.longitude !== null ? (
                  <>
                    <LocationMap
                      latitude={location.latitude}
                      longitude={location.longitude}
                      label={t("location.mapLabel", { place: location.displayName ?? `${location.latitude}, ${location.longitude}` })}
                    />
                    <Facts
                      testId="validation-location"
                      items={[
                        [t("location.place"), location.displayName],
                        [t("location.coordinates"), `${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)}`],
                        [
                          t("location.accuracy"),
                          location.accuracy !== null ? t("location.meters", { meters: Math.round(location.accuracy) }) : null,
                        ],
                        [t("location.when"), when(location.timestamp)],
                      ]}
                    />
                  </>
                ) : (
                  <p className="text-sm text-slate-700">
                    {t("location.refused", { message: location.errorMessage ?? String(location.errorCode ?? "—") })}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card title={t("audit.title")}>
        {view.audit.length === 0 ? (
          <p className="text-sm text-slate-500">{t("audit.empty")}</p>
        ) : (
          <ol className="space-y-1 border-l border-slate-200 pl-4 text-sm" data-testid="validation-audit">
            {view.audit.map((event) => (
              <li key={event.sequence} data-type={event.type}>
                <span className="font-mono text-xs text-slate-500">{when(event.at)}</span>{" "}
                <span className="text-slate-800">{t.has(`audit.events.${event.type}`) ? t(`audit.events.${event.type}`) : event.type}</span>
              </li>
            ))}
          </ol>
        )}
      </Card>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming ? t(`confirm.${confirming}Title`) : ""}
        body={confirming ? t(`confirm.${confirming}Body`, { name, reason }) : ""}
        confirmLabel={confirming ? t(`confirm.${confirming}`) : ""}
        cancelLabel={t("confirm.cancel")}
        confirmVariant={confirming === "reject" ? "danger" : "primary"}
        onConfirm={() => confirming && void decide(confirming)}
        testId="validation-review-confirm-dialog"
        confirmTestId="validation-review-confirm"
      />
    </div>
  );
}
