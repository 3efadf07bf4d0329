"use client";

import { useMemo, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type Row,
  type SortingState,
} from "@tanstack/react-table";
import { Button } from "@/components/ui/button";
import type { DeliveryView, DocumentStatusView } from "@/lib/documents/document-status-schema";
import { isOpenSigner } from "@/lib/documents/shipment-states";
import { SignerStatusBadge } from "./status-badge";

type Signer = DocumentStatusView["signers"][number];

const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel() });
const helper = createColumnHelper<typeof features, Signer>();

/** A signer's statuses in the order a shipment goes through them, so sorting by status reads as progress. */
const statusRank: Record<Signer["status"], number> = {
  PENDING: 0,
  IN_PROGRESS: 1,
  IN_REVIEW: 2,
  COMPLETED: 3,
  REJECTED: 4,
  LAPSED: 5,
  ATTEMPTS_EXHAUSTED: 6,
  CANCELLED: 7,
};

const fullName = (signer: Signer) => `${signer.firstName} ${signer.lastName}`;

type Props = {
  signers: Signer[];
  deliveries: DeliveryView[];
  /** Resend and retry are offered only on a live shipment to a caller who may send. */
  actions: {
    canAct: boolean;
    active: boolean;
    busy: boolean;
    resend: (signerHexId: string) => void;
    retry: (deliveryHexId: string) => void;
  };
};

/** /docdetail's signers: sortable by order, name and status, with each signer's latest delivery. */
export function SignersTable({ signers, deliveries, actions }: Props) {
  const t = useTranslations("docdetail");
  const locale = useLocale();
  const [sorting, setSorting] = useState<SortingState>([{ id: "position", desc: false }]);
  const { canAct, active, busy, resend, retry } = actions;

  const columns = useMemo(() => {
    const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
    const latestDelivery = (signerHexId: string): DeliveryView | undefined =>
      deliveries.filter((d) => d.signerHexId === signerHexId).at(-1);
    const byName = (a: Row<typeof features, Signer>, b: Row<typeof features, Signer>) =>
      collator.compare(fullName(a.original), fullName(b.original));
    return helper.columns([
      helper.accessor("position", {
        header: () => t("signers.order"),
        sortFn: (a, b) => a.original.position - b.original.position || byName(a, b),
      }),
      helper.accessor((signer) => fullName(signer), {
        id: "name",
        header: () => t("signers.name"),
        sortFn: byName,
        cell: (info) => <span className="font-medium text-slate-900">{info.getValue()}</span>,
      }),
      helper.display({
        id: "contact",
        header: () => t("signers.contact"),
        cell: (info) => [info.row.original.email, info.row.original.cellPhone].filter(Boolean).join(" · ") || "—",
      }),
      helper.accessor("status", {
        header: () => t("signers.status"),
        sortFn: (a, b) =>
          statusRank[a.original.status] - statusRank[b.original.status] || a.original.position - b.original.position || byName(a, b),
        cell: (info) => (
          <div>
            <SignerStatusBadge status={info.getValue()} />
            {info.row.original.rejectionReason ? (
              <p className="mt-1 max-w-xs text-xs text-slate-600" data-testid="docdetail-rejection-reason">
                {t("signers.rejectionReason", { reason: info.row.original.rejectionReason })}
              </p>
            ) : null}
          </div>
        ),
      }),
      helper.display({
        id: "delivery",
        header: () => t("signers.delivery"),
        cell: (info) => {
          const delivery = latestDelivery(info.row.original.signerHexId);
          if (!delivery) return t("signers.noDelivery");
          return (
            <div data-testid="docdetail-delivery">
              <span>{`${t(`channels.${delivery.channel}`)} · ${t(`deliveryStatus.${delivery.status}`)}`}</span>
            </div>
          );
        },
      }),
      helper.display({
        id: "actions",
        header: () => <span className="sr-only">{t("signers.actions")}</span>,
        cell: (info) => {
          const signer = info.row.original;
          const delivery = latestDelivery(signer.signerHexId);
          if (!canAct) return null;
          return (
            <div className="flex justify-end gap-1">
              {active && isOpenSigner(signer.status) && signer.invitedAt ? (
                <Button
                  type="button"
                  variant="ghost"
                  className="px-2 py-1 text-xs"
                  disabled={busy}
                  onClick={() => resend(signer.signerHexId)}
                  data-testid="docdetail-resend"
                >
                  {t("signers.resend")}
                </Button>
              ) : null}
              {active && delivery?.retryable ? (
                <Button
                  type="button"
                  variant="ghost"
                  className="px-2 py-1 text-xs"
                  disabled={busy}
                  onClick={() => retry(delivery.deliveryHexId)}
                  data-testid="docdetail-retry"
                >
                  {t("signers.retry")}
                </Button>
              ) : null}
            </div>
          );
        },
      }),
    ]);
  }, [t, locale, deliveries, canAct, active, busy, resend, retry]);

  const table = useTable({
    features,
    columns,
    data: signers,
    state: { sorting },
    onSortingChange: setSorting,
    enableSortingRemoval: false,
    enableMultiSort: false,
    getRowId: (row) => row.signerHexId,
  });

  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="docdetail-signers">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className="px-3 py-2"
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                  >
                    {header.isPlaceholder ? null : header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                        onClick={header.column.getToggleSortingHandler()}
                        data-testid={`docdetail-sort-${header.column.id}`}
                      >
                        <table.FlexRender header={header} />
                        <span aria-hidden="true">{sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}</span>
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-testid="docdetail-signer" data-signer={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2 text-slate-700">
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
