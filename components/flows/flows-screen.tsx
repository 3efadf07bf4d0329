"use client";

import Link from "next/link";
import { useCallback, useMemo } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { useListScreen } from "@/components/client/use-list-screen";
import type { CatalogPermissions } from "@/components/admin/record-editor";
import { ConfirmAction } from "./confirm-action";
import type { FlowView } from "@/lib/flows/flow-records";

const helper = dataTableColumns<FlowView>();
const small = "px-2 py-1 text-xs";

function Badge({ on, children }: { on: boolean; children: React.ReactNode }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${on ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-600"}`}
    >
      {children}
    </span>
  );
}

/** /flows: the organisation's flows with enable, disable, clone, delete and make default (spec §4). */
export function FlowsScreen({ canCreate, canUpdate, canDelete }: CatalogPermissions) {
  const t = useTranslations("flows");
  const format = useFormatter();
  const list = useListScreen<{ _embedded: { flows: FlowView[] } }, FlowView>({
    path: "/api/flows",
    rows: (page) => page._embedded.flows,
    errorInPlace: true,
  });
  const { api, run } = list;

  const act = useCallback(
    (flow: FlowView, action: "activate" | "deactivate" | "default" | "clone" | "delete") =>
      run(
        action === "delete"
          ? api(`/api/flows/${flow.flowHexId}`, { method: "DELETE" })
          : api(`/api/flows/${flow.flowHexId}/${action}`, {
              body: action === "clone" ? { name: t("copyName", { name: flow.name }).slice(0, 120) } : {},
            }),
        t(`done.${action}`, { name: flow.name }),
      ),
    [api, run, t],
  );

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("name", {
          header: t("name"),
          cell: ({ row }) => (
            <div>
              <p className="font-medium text-slate-900">{row.original.name}</p>
              <p className="text-xs text-slate-500">
                {t(`kinds.${row.original.kind}`)} · {t("stepCount", { count: row.original.steps.length })}
                {row.original.inUse ? ` · ${t("inUse")}` : ""}
              </p>
            </div>
          ),
        }),
        helper.accessor("createdBy", { header: t("createdBy"), cell: (info) => info.getValue() ?? "—" }),
        helper.accessor("creationDate", {
          header: t("creationDate"),
          cell: (info) => format.dateTime(new Date(info.getValue()), { dateStyle: "short", timeStyle: "short" }),
        }),
        helper.accessor("active", {
          header: t("active"),
          cell: (info) => <Badge on={info.getValue()}>{info.getValue() ? t("yes") : t("no")}</Badge>,
        }),
        helper.accessor("isDefault", {
          header: t("default"),
          cell: (info) => (info.getValue() ? <Badge on>{t("isDefault")}</Badge> : null),
        }),
        helper.display({
          id: "actions",
          header: t("actions"),
          cell: ({ row }) => {
            const flow = row.original;
            // A disabled button's title shows to nobody on a phone and to few screen readers: the reason is written out.
            const lockedReason = flow.isDefault ? t("defaultLockedHint") : canDelete && flow.inUse ? t("inUseHint") : null;
            const reasonId = lockedReason ? `flow-locked-${flow.flowHexId}` : undefined;
            return (
              <div className="flex flex-wrap gap-1.5">
                {/* The step-flow editor needs ORGANIZACION:UPDATE (lib/permissions/routes.ts), even to look. */}
                {canUpdate ? (
                  <Button asChild variant="secondary" className={small}>
                    <Link href={flow.inUse ? `/steps-flow/${flow.flowHexId}/view` : `/steps-flow/${flow.flowHexId}`}>
                      {flow.inUse ? t("view") : t("edit")}
                    </Link>
                  </Button>
                ) : null}
                {canUpdate && !flow.active ? (
                  <Button type="button" variant="secondary" className={small} onClick={() => void act(flow, "activate")}>
                    {t("activate")}
                  </Button>
                ) : null}
                {canUpdate && flow.active ? (
                  <Button
                    type="button"
                    variant="secondary"
                    className={small}
                    disabled={flow.isDefault}
                    title={flow.isDefault ? t("defaultLockedHint") : undefined}
                    aria-describedby={flow.isDefault ? reasonId : undefined}
                    onClick={() => void act(flow, "deactivate")}
                  >
                    {t("deactivate")}
                  </Button>
                ) : null}
                {canUpdate && !flow.isDefault ? (
                  <Button type="button" variant="secondary" className={small} onClick={() => void act(flow, "default")}>
                    {t("makeDefault")}
                  </Button>
                ) : null}
                {canCreate ? (
                  <Button type="button" variant="secondary" className={small} onClick={() => void act(flow, "clone")}>
                    {t("clone")}
                  </Button>
                ) : null}
                {canDelete ? (
                  <ConfirmAction
                    label={t("delete")}
                    question={t("confirmDelete", { name: flow.name })}
                    confirmLabel={t("delete")}
                    disabled={flow.isDefault || flow.inUse}
                    title={flow.isDefault ? t("defaultLockedHint") : flow.inUse ? t("inUseHint") : undefined}
                    describedBy={flow.isDefault || flow.inUse ? reasonId : undefined}
                    onConfirm={() => act(flow, "delete")}
                  />
                ) : null}
                {lockedReason && (canUpdate || canDelete) ? (
                  <p id={reasonId} className="basis-full text-xs text-slate-500" data-testid="flow-locked-reason">
                    {lockedReason}
                  </p>
                ) : null}
              </div>
            );
          },
        }),
      ]),
    [t, format, canCreate, canUpdate, canDelete, act],
  );

  if (list.error) return <Alert tone="error">{list.error}</Alert>;

  return (
    <div className="space-y-4">
      {canCreate ? (
        <div className="flex justify-end">
          <Button asChild>
            <Link href="/steps-flow" data-testid="new-flow">
              {t("newFlow")}
            </Link>
          </Button>
        </div>
      ) : null}
      <DataTable
        {...list.table}
        columns={columns}
        getRowId={(flow) => flow.flowHexId}
        rowAttributes={(flow) => ({
          "data-flow-name": flow.name,
          "data-kind": flow.kind,
          "data-active": String(flow.active),
          "data-default": String(flow.isDefault),
        })}
        loadingText={t("loading")}
        emptyText={t("empty")}
        testIdPrefix="flows"
        rowTestId="flow-row"
      />
    </div>
  );
}
