"use client";

import Link from "next/link";
import { useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmAction } from "@/components/flows/confirm-action";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import type { DeliveryView, DocumentStatusView } from "@/lib/documents/document-status-schema";
import { isActiveDocument, isOpenSigner } from "@/lib/documents/shipment-states";
import { DocumentStatusBadge, SignerStatusBadge } from "./status-badge";

/** /docdetail: the shipment, its signers with their latest delivery, its timeline and the actions its state allows. */
export function DocumentDetailScreen({ initial, canAct }: { initial: DocumentStatusView; canAct: boolean }) {
  const t = useTranslations("docdetail");
  const format = useFormatter();
  const api = useApi();
  const [view, setView] = useState(initial);
  const [busy, setBusy] = useState(false);

  const date = (value: string | null) => (value ? format.dateTime(new Date(value), { dateStyle: "medium", timeStyle: "short" }) : "—");
  const active = isActiveDocument(view.status);
  const latestDelivery = (signerHexId: string): DeliveryView | undefined => view.deliveries.filter((d) => d.signerHexId === signerHexId).at(-1);

  // Every action answers with the shipment's new status, so the screen shows exactly what the server holds.
  const act = async (path: string, notice: string) => {
    setBusy(true);
    const result = await api<DocumentStatusView>(path, { method: "POST", body: {} });
    setBusy(false);
    if (!result.ok) return notifyApiError(result.error);
    setView(result.data);
    notifySuccess(notice);
  };
  const base = `/api/documents/${view.hexId}`;

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
          <div className="flex gap-2">
            <Button asChild variant="secondary">
              <Link href="/signatures">{t("back")}</Link>
            </Button>
            {canAct && active ? (
              <ConfirmAction label={t("cancel.action")} question={t("cancel.question")} confirmLabel={t("cancel.confirm")} disabled={busy} onConfirm={() => act(`${base}/cancel`, t("cancel.done"))} />
            ) : null}
          </div>
        </div>
      </Card>

      <Card title={t("signers.title")}>
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="docdetail-signers">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                <th className="px-3 py-2">{t("signers.order")}</th>
                <th className="px-3 py-2">{t("signers.name")}</th>
                <th className="px-3 py-2">{t("signers.contact")}</th>
                <th className="px-3 py-2">{t("signers.status")}</th>
                <th className="px-3 py-2">{t("signers.delivery")}</th>
                <th className="px-3 py-2">
                  <span className="sr-only">{t("signers.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {view.signers.map((signer) => {
                const delivery = latestDelivery(signer.hexId);
                return (
                  <tr key={signer.hexId} data-testid="docdetail-signer" data-signer={signer.hexId}>
                    <td className="px-3 py-2">{signer.position}</td>
                    <td className="px-3 py-2 font-medium text-slate-900">{`${signer.firstName} ${signer.lastName}`}</td>
                    <td className="px-3 py-2 text-slate-700">{[signer.email, signer.cellPhone].filter(Boolean).join(" · ") || "—"}</td>
                    <td className="px-3 py-2">
                      <SignerStatusBadge status={signer.status} />
                    </td>
                    <td className="px-3 py-2 text-slate-700" data-testid="docdetail-delivery">
                      {delivery ? (
                        <div>
                          <span>{`${t(`channels.${delivery.channel}`)} · ${t(`deliveryStatus.${delivery.status}`)}`}</span>
                          {delivery.error ? <p className="text-xs text-red-700">{delivery.error}</p> : null}
                        </div>
                      ) : (
                        t("signers.noDelivery")
                      )}
                    </td>
                    <td className="px-3 py-2">
                      {canAct ? (
                        <div className="flex justify-end gap-1">
                          {active && isOpenSigner(signer.status) && signer.invitedAt ? (
                            <Button type="button" variant="ghost" className="px-2 py-1 text-xs" disabled={busy} onClick={() => void act(`${base}/signers/${signer.hexId}/resend`, t("signers.resent"))} data-testid="docdetail-resend">
                              {t("signers.resend")}
                            </Button>
                          ) : null}
                          {active && delivery?.retryable ? (
                            <Button type="button" variant="ghost" className="px-2 py-1 text-xs" disabled={busy} onClick={() => void act(`${base}/deliveries/${delivery.id}/retry`, t("signers.retried"))} data-testid="docdetail-retry">
                              {t("signers.retry")}
                            </Button>
                          ) : null}
                        </div>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </Card>

      <Card title={t("timeline.title")}>
        {view.timeline.length === 0 ? (
          <p className="text-sm text-slate-500">{t("timeline.empty")}</p>
        ) : (
          <ol className="space-y-2 border-l border-slate-200 pl-4 text-sm" data-testid="docdetail-timeline">
            {view.timeline.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                <span className="font-mono text-xs text-slate-500">{entry.at}</span> <span className="text-slate-800">{t.has(`events.${entry.event}`) ? t(`events.${entry.event}`) : entry.event}</span>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
