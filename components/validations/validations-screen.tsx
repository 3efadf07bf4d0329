"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { ConfirmDialog } from "@/components/ui/dialog";
import { SearchField } from "@/components/ui/field";
import { useListScreen } from "@/components/client/use-list-screen";
import { notifySuccess } from "@/components/client/notify";
import { usePaginationLabels } from "@/components/ui/use-pagination-labels";
import type { ValidationFlowOption } from "@/lib/validations/flow-options";
import type { LinkState, ValidationLinkPage, ValidationLinkView } from "@/lib/validations/schemas";
import { ValidationFormDialog, type SavedLink } from "./validation-form-dialog";
import { ValidationQrDialog } from "./validation-qr-dialog";

export type ValidationPermissions = { create: boolean; update: boolean };

type Props = { permissions: ValidationPermissions; defaultPageSize: number; flows: ValidationFlowOption[] };

type Dialog =
  | { kind: "create" }
  | { kind: "edit"; link: ValidationLinkView }
  | { kind: "qr"; link: SavedLink }
  | { kind: "toggle"; link: ValidationLinkView; activate: boolean }
  | null;

const helper = dataTableColumns<ValidationLinkView>();

const stateTone: Record<LinkState, string> = {
  ACTIVE: "bg-emerald-50 text-emerald-800",
  INACTIVE: "bg-slate-100 text-slate-700",
  EXPIRED: "bg-amber-50 text-amber-800",
  USED_UP: "bg-amber-50 text-amber-800",
  LOCKED: "bg-red-50 text-red-800",
};

/** /validations: the organisation's validation links; create, edit, activate or deactivate, copy, and their QR code. */
export function ValidationsScreen({ permissions, defaultPageSize, flows }: Props) {
  const t = useTranslations("validations");
  const review = useTranslations("validationReview");
  const format = useFormatter();
  const paginationLabels = usePaginationLabels((total) => t("pagination.total", { total }));
  const list = useListScreen<ValidationLinkPage, ValidationLinkView>({
    path: "/api/validations",
    rows: (page) => page._embedded.validations,
    paging: { defaultPageSize },
  });
  const { api, search, refresh, run } = list;
  const [dialog, setDialog] = useState<Dialog>(null);

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("description", { header: () => t("columns.description") }),
        helper.accessor("flowName", { header: () => t("columns.flow") }),
        helper.accessor("state", {
          header: () => t("columns.state"),
          cell: (info) => (
            <span className={`inline-block rounded px-1.5 py-0.5 text-xs ${stateTone[info.getValue()]}`} data-testid="validation-state">
              {t(`states.${info.getValue()}`)}
            </span>
          ),
        }),
        helper.display({
          id: "uses",
          header: () => t("columns.uses"),
          cell: (info) => {
            const link = info.row.original;
            return (
              <span data-testid="validation-uses">
                {link.maxUses === null
                  ? t("usesUnlimited", { used: link.usesCount })
                  : t("uses", { used: link.usesCount, max: link.maxUses })}
              </span>
            );
          },
        }),
        helper.accessor("expirationDate", {
          header: () => t("columns.expiration"),
          cell: (info) => format.dateTime(new Date(info.getValue()), { dateStyle: "medium", timeStyle: "short" }),
        }),
        helper.accessor("userLocation", { header: () => t("columns.location"), cell: (info) => t(`locations.${info.getValue()}`) }),
        helper.display({
          id: "actions",
          header: () => <span className="sr-only">{t("columns.actions")}</span>,
          cell: (info) => {
            const link = info.row.original;
            const action = (label: string, onClick: () => void, testId: string) => (
              <Button type="button" variant="ghost" className="px-2 py-1" onClick={onClick} data-testid={testId}>
                {label}
              </Button>
            );
            const copy = async () => {
              await navigator.clipboard.writeText(link.url).catch(() => undefined);
              notifySuccess(t("notices.copied"));
            };
            return (
              <div className="flex flex-wrap justify-end gap-1">
                <Link
                  className="rounded px-2 py-1 text-sm text-sky-700 hover:bg-slate-100"
                  href={`/seeValidation/${link.validationHexId}`}
                  data-testid="validation-processes-link"
                >
                  {review("linkProcesses")}
                </Link>
                {action(t("actions.qr"), () => setDialog({ kind: "qr", link }), "validation-qr-button")}
                {action(t("actions.copy"), () => void copy(), "validation-copy-button")}
                {permissions.update ? action(t("actions.edit"), () => setDialog({ kind: "edit", link }), "validation-edit-button") : null}
                {permissions.update
                  ? link.active && !link.lockedAt
                    ? action(
                        t("actions.deactivate"),
                        () => setDialog({ kind: "toggle", link, activate: false }),
                        "validation-deactivate-button",
                      )
                    : action(t("actions.activate"), () => setDialog({ kind: "toggle", link, activate: true }), "validation-activate-button")
                  : null}
              </div>
            );
          },
        }),
      ]),
    [t, review, format, permissions.update],
  );

  const toggle = (link: ValidationLinkView, activate: boolean) =>
    run(
      api<ValidationLinkView>(`/api/validations/${link.validationHexId}/${activate ? "activate" : "deactivate"}`, {
        method: "POST",
        body: {},
      }),
      t(activate ? "notices.activated" : "notices.deactivated"),
    );

  const toggling = dialog?.kind === "toggle" ? dialog : null;
  const toggleBody = toggling
    ? t(toggling.activate ? (toggling.link.lockedAt ? "confirm.unlockBody" : "confirm.activateBody") : "confirm.deactivateBody", {
        description: toggling.link.description,
      })
    : "";

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full max-w-md">
          <SearchField
            box={list.searchBox}
            label={t("search")}
            name="validation-search"
            placeholder={t("searchPlaceholder")}
            data-testid="validations-search"
          />
        </div>
        {permissions.create ? (
          <Button type="button" onClick={() => setDialog({ kind: "create" })} data-testid="validations-new">
            {t("new")}
          </Button>
        ) : null}
      </div>

      <DataTable
        columns={columns}
        {...list.table}
        getRowId={(row) => row.validationHexId}
        paginationLabels={paginationLabels}
        loadingText={t("loading")}
        emptyText={search ? t("noResults") : t("empty")}
        testIdPrefix="validations"
        rowTestId="validation-row"
        rowIdAttribute="data-validation"
      />

      {dialog?.kind === "create" || dialog?.kind === "edit" ? (
        <ValidationFormDialog
          link={dialog.kind === "edit" ? dialog.link : null}
          flows={flows}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            // A new link is handed out at once: its QR code opens next.
            setDialog(saved ? { kind: "qr", link: saved } : null);
            refresh();
          }}
        />
      ) : null}
      {dialog?.kind === "qr" ? <ValidationQrDialog link={dialog.link} onClose={() => setDialog(null)} /> : null}
      <ConfirmDialog
        open={toggling !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        title={toggling ? t(toggling.activate ? "confirm.activateTitle" : "confirm.deactivateTitle") : ""}
        body={toggleBody}
        confirmLabel={toggling ? t(toggling.activate ? "confirm.activate" : "confirm.deactivate") : ""}
        cancelLabel={t("confirm.cancel")}
        confirmVariant={toggling?.activate ? "primary" : "danger"}
        onConfirm={() => toggling && void toggle(toggling.link, toggling.activate)}
        testId="validation-confirm-dialog"
        confirmTestId="validation-confirm"
      />
    </div>
  );
}
