"use client";

import Link from "next/link";
import { useMemo } from "react";
import { useLocale, useTranslations } from "next-intl";
import { dataTableColumns, type DataTableColumns } from "@/components/ui/data-table";
import { durationParts, reportTimeFormatter } from "@/lib/reports/report-format";
import type { ShipmentReportRow, SignatureReportRow } from "@/lib/reports/report-schemas";

// The columns of the two reports; ids of sortable columns are the API's sort fields.

const shipment = dataTableColumns<ShipmentReportRow>();
const signature = dataTableColumns<SignatureReportRow>();

const titleLink = (documentHexId: string, title: string) => (
  <Link href={`/docdetail/${documentHexId}`} className="font-medium text-brand-700 hover:underline">
    {title}
  </Link>
);

const person = (name: string | null, email: string | null) => (
  <div>
    <div>{name ?? "—"}</div>
    {email ? <div className="text-xs text-slate-500">{email}</div> : null}
  </div>
);

export function useShipmentColumns(timeZone: string): DataTableColumns<ShipmentReportRow> {
  const t = useTranslations("reports.columns");
  const tStatus = useTranslations("documentStatus");
  const tDuration = useTranslations("reports.duration");
  const locale = useLocale();
  return useMemo(() => {
    const time = reportTimeFormatter(locale, timeZone);
    return shipment.columns([
      shipment.accessor("title", {
        id: "title",
        header: () => t("title"),
        cell: (info) => titleLink(info.row.original.documentHexId, info.getValue()),
      }),
      shipment.accessor("sender", {
        header: () => t("sender"),
        enableSorting: false,
        cell: (info) => person(info.getValue(), info.row.original.senderEmail),
      }),
      shipment.accessor("createdAt", { id: "createdAt", header: () => t("createdAt"), cell: (info) => time(info.getValue()) }),
      shipment.accessor("sentAt", { id: "sentAt", header: () => t("sentAt"), cell: (info) => time(info.getValue()) || "—" }),
      shipment.accessor("completedAt", { id: "completedAt", header: () => t("completedAt"), cell: (info) => time(info.getValue()) || "—" }),
      shipment.accessor("status", { id: "status", header: () => t("status"), cell: (info) => tStatus(info.getValue()) }),
      shipment.accessor("signersTotal", {
        id: "signers",
        header: () => t("signersTotal"),
        cell: (info) => {
          const row = info.row.original;
          return (
            <span className="tabular-nums" data-testid="report-signers">
              {row.signersSigned}/{row.signersTotal}
              {row.signersRejected ? <span className="ml-2 text-red-700">✕ {row.signersRejected}</span> : null}
            </span>
          );
        },
      }),
      shipment.accessor("secondsToComplete", {
        id: "timeToComplete",
        header: () => t("timeToComplete"),
        cell: (info) => {
          const seconds = info.getValue();
          if (seconds === null) return "—";
          const { unit, value } = durationParts(seconds);
          return tDuration(unit, { value });
        },
      }),
      shipment.accessor("flow", { header: () => t("flow"), enableSorting: false, cell: (info) => info.getValue() ?? "—" }),
      shipment.accessor("tags", { header: () => t("tags"), enableSorting: false, cell: (info) => info.getValue().join(", ") || "—" }),
    ]);
  }, [t, tStatus, tDuration, locale, timeZone]);
}

export function useSignatureColumns(timeZone: string): DataTableColumns<SignatureReportRow> {
  const t = useTranslations("reports.columns");
  const tStatus = useTranslations("signerStatus");
  const tOutcome = useTranslations("reports.outcomes");
  const locale = useLocale();
  return useMemo(() => {
    const time = reportTimeFormatter(locale, timeZone);
    const outcome = (value: string | null) => (value ? tOutcome(value) : "—");
    return signature.columns([
      signature.accessor("title", {
        id: "title",
        header: () => t("title"),
        cell: (info) => titleLink(info.row.original.documentHexId, info.getValue()),
      }),
      signature.accessor("signer", {
        id: "signer",
        header: () => t("signer"),
        cell: (info) => person(info.getValue(), info.row.original.email),
      }),
      signature.accessor("position", { id: "position", header: () => t("position"), cell: (info) => info.getValue() }),
      signature.accessor("status", { id: "status", header: () => t("status"), cell: (info) => tStatus(info.getValue()) }),
      signature.accessor("invitedAt", { id: "invitedAt", header: () => t("invitedAt"), cell: (info) => time(info.getValue()) || "—" }),
      signature.accessor("signedAt", { id: "signedAt", header: () => t("signedAt"), cell: (info) => time(info.getValue()) || "—" }),
      signature.accessor("rejectedAt", { id: "rejectedAt", header: () => t("rejectedAt"), cell: (info) => time(info.getValue()) || "—" }),
      signature.accessor("rejectionReason", {
        header: () => t("rejectionReason"),
        enableSorting: false,
        cell: (info) => <span className="block max-w-xs whitespace-normal break-words">{info.getValue() ?? "—"}</span>,
      }),
      signature.accessor("faceMatch", {
        header: () => t("faceMatch"),
        enableSorting: false,
        cell: (info) => {
          const distance = info.row.original.faceDistance;
          return `${outcome(info.getValue())}${distance === null ? "" : ` (${distance.toFixed(2)})`}`;
        },
      }),
      signature.accessor("liveness", { header: () => t("liveness"), enableSorting: false, cell: (info) => outcome(info.getValue()) }),
      signature.accessor("location", {
        header: () => t("location"),
        enableSorting: false,
        cell: (info) => (info.getValue() === "GIVEN" ? info.row.original.locationName : outcome(info.getValue())),
      }),
    ]);
  }, [t, tStatus, tOutcome, locale, timeZone]);
}
