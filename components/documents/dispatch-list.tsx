"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { DispatchList as DispatchListData } from "@/lib/documents/dispatch-schema";

const statusTones: Record<string, string> = {
  QUEUED: "bg-sky-100 text-sky-800",
  SENT: "bg-emerald-100 text-emerald-800",
  FAILED: "bg-red-100 text-red-800",
  CANCELLED: "bg-zinc-200 text-zinc-700",
};

type Props = {
  list: DispatchListData;
  busy: boolean;
  /** Retry is offered to a caller who may send; the row says whether its delivery can be retried. */
  canRetry: boolean;
  onRetry: (deliveryHexId: string) => void;
  onRefresh: () => void;
};

/**
 * The signer dispatch list (spec §2): every invitation and reminder, newest first, with where it
 * went (masked), how it ended and why it failed, in the organisation's time zone.
 */
export function DispatchList({ list, busy, canRetry, onRetry, onRefresh }: Props) {
  const t = useTranslations("docdetail");
  const format = useFormatter();
  const time = (value: string | null) =>
    value ? format.dateTime(new Date(value), { dateStyle: "short", timeStyle: "medium", timeZone: list.timeZone }) : "—";

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-500">{t("dispatches.timeZone", { timeZone: list.timeZone })}</p>
        <Button
          type="button"
          variant="secondary"
          className="px-3 py-1 text-xs"
          disabled={busy}
          onClick={onRefresh}
          data-testid="dispatches-refresh"
        >
          {t("dispatches.refresh")}
        </Button>
      </div>
      {list._embedded.dispatches.length === 0 ? (
        <p className="text-sm text-slate-500" data-testid="dispatches-empty">
          {t("dispatches.empty")}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="dispatches">
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("dispatches.createdAt")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("dispatches.signer")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("dispatches.channel")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("dispatches.kind")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("dispatches.status")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("dispatches.attempts")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("dispatches.sentAt")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("dispatches.error")}
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{t("dispatches.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list._embedded.dispatches.map((dispatch) => (
                <tr
                  key={dispatch.deliveryHexId}
                  data-testid="dispatch-row"
                  data-dispatch={dispatch.deliveryHexId}
                  data-status={dispatch.status}
                >
                  <td className="whitespace-nowrap px-3 py-2 text-slate-700">{time(dispatch.createdAt)}</td>
                  <td className="px-3 py-2">
                    <span className="font-medium text-slate-900">{dispatch.signerName}</span>
                    <span className="block text-xs text-slate-500">{t("dispatches.order", { position: dispatch.position })}</span>
                  </td>
                  <td className="px-3 py-2 text-slate-700">
                    <span>{t(`channels.${dispatch.channel}`)}</span>
                    <span className="block font-mono text-xs text-slate-500" data-testid="dispatch-destination">
                      {dispatch.destination ?? "—"}
                    </span>
                  </td>
                  <td className="px-3 py-2 text-slate-700">{t(`dispatches.kinds.${dispatch.kind}`)}</td>
                  <td className="px-3 py-2">
                    <span
                      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${statusTones[dispatch.status] ?? statusTones.QUEUED}`}
                      data-testid="dispatch-status"
                    >
                      {t(`deliveryStatus.${dispatch.status}`)}
                    </span>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums text-slate-700">{dispatch.attempts}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-slate-700">{time(dispatch.sentAt)}</td>
                  <td className="max-w-xs px-3 py-2" data-testid="dispatch-error">
                    {dispatch.error ? (
                      <>
                        <p className="text-red-700">{dispatch.error}</p>
                        {dispatch.errorDetail ? <p className="break-words text-xs text-slate-500">{dispatch.errorDetail}</p> : null}
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="px-3 py-2 text-right">
                    {canRetry && dispatch.retryable ? (
                      <Button
                        type="button"
                        variant="ghost"
                        className="px-2 py-1 text-xs"
                        disabled={busy}
                        onClick={() => onRetry(dispatch.deliveryHexId)}
                        data-testid="dispatch-retry"
                      >
                        {t("signers.retry")}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
