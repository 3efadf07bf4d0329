"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { useLocale, useTimeZone, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { ConfirmAction } from "@/components/flows/confirm-action";
import { downloadFile } from "@/components/client/download-file";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import type { DispatchList as DispatchListData } from "@/lib/documents/dispatch-schema";
import type { DocumentStatusView } from "@/lib/documents/document-status-schema";
import { isActiveDocument } from "@/lib/documents/shipment-states";
import { formatZonedTime } from "@/lib/i18n/zoned-time";
import { DispatchList } from "./dispatch-list";
import { SignersTable } from "./signers-table";
import { DocumentStatusBadge } from "./status-badge";
import { VideoReviewPanel } from "./video-review-panel";

type Props = { initial: DocumentStatusView; initialDispatches: DispatchListData; canAct: boolean; canReview?: boolean };

/**
 * /docdetail: the shipment, its signers, every dispatch to them, its timeline and the actions its
 * state allows (continue or delete a draft, cancel a live shipment, download a completed one).
 */
export function DocumentDetailScreen({ initial, initialDispatches, canAct, canReview = false }: Props) {
  const t = useTranslations("docdetail");
  const common = useTranslations("common");
  const tErrors = useTranslations("errors");
  const locale = useLocale();
  const timeZone = useTimeZone() ?? "UTC";
  const router = useRouter();
  const api = useApi();
  const [view, setView] = useState(initial);
  const [dispatches, setDispatches] = useState(initialDispatches);
  const [busy, setBusy] = useState(false);

  // Every time on the organisation's clocks, with its zone (the expiry as it was typed).
  const date = (value: string | null) => (value ? formatZonedTime(value, locale, timeZone, { dateStyle: "medium" }) : "—");
  const signerName = (hexId: string | null) => {
    const signer = view.signers.find((s) => s.signerHexId === hexId);
    return signer ? `${signer.firstName} ${signer.lastName}` : null;
  };
  const eventLabel = (event: string) => (t.has(`events.${event}`) ? t(`events.${event}`) : event);
  const active = isActiveDocument(view.status);
  const base = `/api/documents/${view.documentHexId}`;

  // Deliveries go out in the background, so the dispatch list is read again after every action.
  const reloadDispatches = useCallback(async () => {
    const result = await api<DispatchListData>(`${base}/dispatches`);
    if (result.ok) setDispatches(result.data);
    else notifyApiError(result.error);
  }, [api, base]);

  const refresh = async () => {
    setBusy(true);
    const status = await api<DocumentStatusView>(`${base}/status`);
    if (status.ok) setView(status.data);
    else notifyApiError(status.error);
    await reloadDispatches();
    setBusy(false);
  };

  // Every action answers with the shipment's new status, so the screen shows exactly what the server holds.
  const act = useCallback(
    async (path: string, notice: string) => {
      setBusy(true);
      const result = await api<DocumentStatusView>(path, { method: "POST", body: {} });
      if (result.ok) {
        setView(result.data);
        notifySuccess(notice);
        await reloadDispatches();
      } else {
        notifyApiError(result.error);
      }
      setBusy(false);
    },
    [api, reloadDispatches],
  );
  const resend = useCallback(
    (signerHexId: string) => void act(`${base}/signers/${signerHexId}/resend`, t("signers.resent")),
    [act, base, t],
  );
  const retry = useCallback(
    (deliveryHexId: string) => void act(`${base}/deliveries/${deliveryHexId}/retry`, t("signers.retried")),
    [act, base, t],
  );

  const deleteDraft = async () => {
    setBusy(true);
    const result = await api(base, { method: "DELETE" });
    setBusy(false);
    if (!result.ok) return notifyApiError(result.error);
    notifySuccess(t("draft.deleted"));
    router.push("/signatures");
  };

  /** The signed file (a ZIP when the shipment holds several), or with `certificate` the audit certificate, a sealed PDF of its own. */
  const download = async (what: "document" | "certificate" = "document") => {
    setBusy(true);
    const [single] = view.files;
    const file = what === "certificate" ? "certificate" : view.files.length === 1 && single ? single.fileHexId : null;
    // Through fetch, so "not completed yet" shows as a notice instead of a JSON page.
    const result = await downloadFile(file ? `${base}/download?file=${file}` : `${base}/download`, {
      locale,
      fallbackName: `${view.documentHexId}.${file ? "pdf" : "zip"}`,
      connectionLostMessage: tErrors("CONNECTION_LOST"),
    });
    setBusy(false);
    if (!result.ok) notifyApiError(result.error);
  };

  return (
    <div className="space-y-6">
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <dl className="grid grid-cols-1 gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-500">{t("fields.title")}</dt>
              <dd className="font-medium text-slate-900" data-testid="docdetail-title">
                {view.title}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("fields.status")}</dt>
              <dd>
                <DocumentStatusBadge status={view.status} />
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("fields.sentAt")}</dt>
              <dd>{date(view.sentAt)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("fields.expirationDate")}</dt>
              <dd>{date(view.expirationDate)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("fields.completedAt")}</dt>
              <dd>{date(view.completedAt)}</dd>
            </div>
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="secondary">
              <Link href="/signatures">{t("back")}</Link>
            </Button>
            {view.status === "COMPLETED" ? (
              <Button type="button" disabled={busy} onClick={() => void download()} data-testid="docdetail-download">
                {t("download.action")}
              </Button>
            ) : null}
            {view.status === "COMPLETED" && view.certificateSha256 ? (
              <Button
                type="button"
                variant="secondary"
                disabled={busy}
                onClick={() => void download("certificate")}
                data-testid="docdetail-download-certificate"
              >
                {t("download.certificate")}
              </Button>
            ) : null}
            {canAct && view.status === "DRAFT" ? (
              <>
                <Button asChild>
                  <Link href={`/prepare-document/${view.documentHexId}`} data-testid="docdetail-continue">
                    {t("draft.continue")}
                  </Link>
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button type="button" variant="danger" disabled={busy} data-testid="docdetail-delete-draft">
                      {t("draft.delete")}
                    </Button>
                  }
                  title={t("draft.question")}
                  body={t("draft.explanation")}
                  confirmLabel={t("draft.confirm")}
                  cancelLabel={common("cancel")}
                  onConfirm={() => void deleteDraft()}
                  confirmTestId="docdetail-delete-draft-confirm"
                />
              </>
            ) : null}
            {canAct && active ? (
              <ConfirmAction
                label={t("cancel.action")}
                question={t("cancel.question")}
                confirmLabel={t("cancel.confirm")}
                disabled={busy}
                onConfirm={() => act(`${base}/cancel`, t("cancel.done"))}
              />
            ) : null}
          </div>
        </div>
      </Card>

      <Card title={t("signers.title")}>
        <SignersTable signers={view.signers} deliveries={view.deliveries} actions={{ canAct, active, busy, resend, retry }} />
        {view.signers
          .filter((signer) => signer.status === "IN_REVIEW")
          .map((signer) => (
            <div key={signer.signerHexId} className="mt-4">
              <VideoReviewPanel documentHexId={view.documentHexId} signer={signer} canDecide={canReview} onDecided={() => void refresh()} />
            </div>
          ))}
      </Card>

      <Card title={t("dispatches.title")}>
        <DispatchList list={dispatches} busy={busy} canRetry={canAct} onRetry={retry} onRefresh={() => void refresh()} />
      </Card>

      <Card title={t("evidences.title")}>
        {view.evidences.length === 0 ? (
          <p className="text-sm text-slate-500">{t("evidences.empty")}</p>
        ) : (
          <table className="w-full text-left text-sm" data-testid="docdetail-evidences">
            <thead className="text-slate-500">
              <tr>
                <th className="py-1 pr-3 font-medium">{t("evidences.signer")}</th>
                <th className="py-1 pr-3 font-medium">{t("evidences.kind")}</th>
                <th className="py-1 pr-3 font-medium">{t("evidences.result")}</th>
                <th className="py-1 pr-3 font-medium">{t("evidences.createdAt")}</th>
              </tr>
            </thead>
            <tbody>
              {view.evidences.map((evidence, index) => (
                <tr key={`${evidence.signerHexId}-${index}`} className="border-t border-slate-100">
                  <td className="py-1 pr-3">{signerName(evidence.signerHexId)}</td>
                  <td className="py-1 pr-3">{t(`evidences.kinds.${evidence.kind}`)}</td>
                  <td className="py-1 pr-3">{t(`evidences.results.${evidence.result}`)}</td>
                  <td className="py-1 pr-3">{date(evidence.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>

      <Card title={t("timeline.title")}>
        {view.timeline.length === 0 ? (
          <p className="text-sm text-slate-500">{t("timeline.empty")}</p>
        ) : (
          <ol className="space-y-2 border-l border-slate-200 pl-4 text-sm" data-testid="docdetail-timeline">
            {view.timeline.map((entry, index) => {
              const who = signerName(entry.signerHexId);
              return (
                <li key={`${entry.time}-${index}`}>
                  <span className="font-mono text-xs text-slate-500">{date(entry.time)}</span>{" "}
                  <span className="text-slate-800">{eventLabel(entry.event)}</span>
                  {who ? <span className="text-slate-600"> · {who}</span> : null}
                  {entry.evidenceKind && t.has(`evidences.kinds.${entry.evidenceKind}`) ? (
                    <span className="text-slate-600"> · {t(`evidences.kinds.${entry.evidenceKind}`)}</span>
                  ) : null}
                  {entry.check && t.has(`evidences.results.${entry.check}`) ? (
                    <span className="text-slate-600"> · {t(`evidences.results.${entry.check}`)}</span>
                  ) : null}
                  {entry.reason ? (
                    <p className="mt-1 text-slate-700" data-testid="docdetail-timeline-reason">
                      {t("timeline.reason", { reason: entry.reason })}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}
      </Card>
    </div>
  );
}
