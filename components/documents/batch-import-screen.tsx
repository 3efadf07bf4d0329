"use client";

import Link from "next/link";
import { useRef, useState, type ChangeEvent } from "react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import type { BatchColumn } from "@/lib/documents/batch/columns";
import type { BatchRowErrorView } from "@/lib/documents/batch/error-messages";
import type { BatchPreview } from "@/lib/documents/batch/preview-batch-import";
import { uploadWithProgress } from "./upload-file";

type PreviewRow = Omit<BatchPreview["rows"][number], "errors"> & { errors: BatchRowErrorView[] };
type Preview = Omit<BatchPreview, "rows"> & { rows: PreviewRow[] };
type Created = { sent: boolean; created: number; shipments: { key: string; documentHexId: string; title: string }[] };

type Props = { canSend: boolean; maxRows: number; maxUploadMb: number };

/** The signer columns the preview shows for every row; shipment-wide values head each shipment. */
const rowColumns = ["order", "firstName", "email", "phone", "mandatory", "canReject", "language"] as const satisfies readonly BatchColumn[];

function mergeFiles(current: readonly File[], added: readonly File[]): File[] {
  const byName = new Map(current.map((f) => [f.name.toLowerCase(), f]));
  for (const file of added) byName.set(file.name.toLowerCase(), file);
  return [...byName.values()];
}

/**
 * /batchImport: the spreadsheet and its PDFs → a preview of every shipment and row with its errors →
 * all shipments created as drafts (or sent), or none.
 */
export function BatchImportScreen({ canSend, maxRows, maxUploadMb }: Props) {
  const t = useTranslations("batchImport");
  const tErrors = useTranslations("errors");
  const locale = useLocale();
  const format = useFormatter();
  const [sheet, setSheet] = useState<File | null>(null);
  const [pdfs, setPdfs] = useState<File[]>([]);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"review" | "import" | null>(null);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<Created | null>(null);
  const [confirmSend, setConfirmSend] = useState(false);
  const sheetInput = useRef<HTMLInputElement>(null);

  const formData = (chosenSheet: File, chosenPdfs: readonly File[], send?: boolean) => {
    const form = new FormData();
    form.append("sheet", chosenSheet, chosenSheet.name);
    for (const pdf of chosenPdfs) form.append("files", pdf, pdf.name);
    if (send !== undefined) form.append("send", String(send));
    return form;
  };

  const review = async (chosenSheet: File | null, chosenPdfs: readonly File[]) => {
    setError(null);
    if (!chosenSheet) return setPreview(null);
    setBusy("review");
    setProgress(0);
    const answer = await uploadWithProgress<Preview>("/api/documents/batch/preview", formData(chosenSheet, chosenPdfs), {
      locale,
      connectionLostMessage: tErrors("CONNECTION_LOST"),
      onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
    });
    setBusy(null);
    if (answer.ok) return setPreview(answer.data);
    setPreview(null);
    setError(answer.error.message || tErrors("SERVER_ERROR"));
    notifyApiError(answer.error);
  };

  const runImport = async (send: boolean) => {
    if (!sheet) return;
    setBusy("import");
    setProgress(0);
    const answer = await uploadWithProgress<Created>("/api/documents/batch", formData(sheet, pdfs, send), {
      locale,
      connectionLostMessage: tErrors("CONNECTION_LOST"),
      onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
    });
    setBusy(null);
    if (answer.ok) {
      setResult(answer.data);
      notifySuccess(t(answer.data.sent ? "result.sent" : "result.drafts", { count: answer.data.created }));
      return;
    }
    notifyApiError(answer.error);
    // Something changed since the preview (the file, a flow): show what is wrong now.
    if (answer.error.errorCode === "BATCH_IMPORT_INVALID_ROWS") await review(sheet, pdfs);
    else setError(answer.error.message || tErrors("SERVER_ERROR"));
  };

  const onSheet = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setSheet(chosen);
    void review(chosen, pdfs);
  };

  const onPdfs = (event: ChangeEvent<HTMLInputElement>) => {
    const next = mergeFiles(pdfs, [...(event.target.files ?? [])]);
    // Cleared, so choosing the same file again after a fix fires a change.
    event.target.value = "";
    setPdfs(next);
    void review(sheet, next);
  };

  const removePdf = (name: string) => {
    const next = pdfs.filter((f) => f.name !== name);
    setPdfs(next);
    void review(sheet, next);
  };

  const restart = () => {
    setSheet(null);
    setPdfs([]);
    setPreview(null);
    setResult(null);
    setError(null);
    if (sheetInput.current) sheetInput.current.value = "";
  };

  if (result) {
    return (
      <Card title={t("result.title")}>
        <div className="space-y-4" data-testid="batch-result">
          <Alert tone="success">{t(result.sent ? "result.sent" : "result.drafts", { count: result.created })}</Alert>
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {result.shipments.map((s) => (
              <li key={s.documentHexId} className="flex items-center justify-between gap-4 px-4 py-2 text-sm">
                <span className="text-slate-500">{t("preview.shipment", { key: s.key })}</span>
                <Link
                  href={`/docdetail/${s.documentHexId}`}
                  className="font-medium text-brand-700 hover:underline"
                  data-testid="batch-result-link"
                  aria-label={t("result.open", { title: s.title || s.key })}
                >
                  {s.title || t("preview.untitled")}
                </Link>
              </li>
            ))}
          </ul>
          <Button type="button" variant="secondary" onClick={restart}>
            {t("result.another")}
          </Button>
        </div>
      </Card>
    );
  }

  const canImportDrafts = !!preview && preview.shipmentCount > 0 && preview.invalidRows === 0 && busy === null;
  const canImportAndSend = canImportDrafts && preview.rowsNotReadyToSend === 0;

  return (
    <div className="space-y-6">
      <Card title={t("filesTitle")}>
        <div className="space-y-4">
          <p className="text-sm text-slate-600">{t("hint", { maxRows, maxMb: maxUploadMb })}</p>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium text-slate-700">{t("templateTitle")}:</span>
            <a
              href="/api/documents/batch/template?format=xlsx"
              download
              className="text-brand-700 hover:underline"
              data-testid="batch-template-xlsx"
            >
              {t("templateXlsx")}
            </a>
            <span aria-hidden="true" className="text-slate-400">
              ·
            </span>
            <a
              href="/api/documents/batch/template?format=csv"
              download
              className="text-brand-700 hover:underline"
              data-testid="batch-template-csv"
            >
              {t("templateCsv")}
            </a>
          </div>
          <p className="text-xs text-slate-500">{t("templateHint")}</p>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <div className="space-y-1">
              <label htmlFor="batch-sheet" className="block text-sm font-medium text-slate-700">
                {t("sheet")}
              </label>
              <input
                ref={sheetInput}
                id="batch-sheet"
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={onSheet}
                data-testid="batch-sheet-input"
                className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:text-white"
              />
            </div>
            <div className="space-y-1">
              <label htmlFor="batch-pdfs" className="block text-sm font-medium text-slate-700">
                {t("pdfs")}
              </label>
              <input
                id="batch-pdfs"
                type="file"
                accept="application/pdf,.pdf"
                multiple
                onChange={onPdfs}
                data-testid="batch-pdf-input"
                className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:text-white"
              />
              <p className="text-xs text-slate-500" data-testid="batch-pdf-count">
                {t("pdfsChosen", { count: pdfs.length })}
              </p>
              {pdfs.length > 0 ? (
                <ul className="flex flex-wrap gap-2" aria-label={t("pdfs")}>
                  {pdfs.map((pdf) => (
                    <li
                      key={pdf.name}
                      className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pl-3 pr-1 text-xs text-slate-700"
                    >
                      {pdf.name}
                      <button
                        type="button"
                        onClick={() => removePdf(pdf.name)}
                        className="rounded-full px-1.5 text-slate-500 hover:bg-slate-200 hover:text-slate-900"
                        aria-label={t("removePdf", { name: pdf.name })}
                      >
                        ×
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </div>
          {busy !== null ? (
            <div
              role="progressbar"
              aria-label={busy === "review" ? t("reviewing") : t("importing")}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="space-y-1"
            >
              <p className="text-sm text-slate-600">{busy === "review" ? t("reviewing") : t("importing")}</p>
              <div className="h-2 overflow-hidden rounded bg-slate-100">
                <div className="h-full bg-brand-600 transition-all" style={{ width: `${progress}%` }} />
              </div>
            </div>
          ) : null}
          {error ? (
            <Alert tone="error">
              <span data-testid="batch-error">{error}</span>
            </Alert>
          ) : null}
          <div className="flex justify-end">
            {/* Picking the same spreadsheet again fires no change event: this reviews the corrected file. */}
            <Button
              type="button"
              variant="secondary"
              onClick={() => void review(sheet, pdfs)}
              disabled={!sheet || busy !== null}
              data-testid="batch-review"
            >
              {t("review")}
            </Button>
          </div>
        </div>
      </Card>

      {preview ? <PreviewCard preview={preview} format={format} /> : null}

      {preview ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            type="button"
            variant={canSend ? "secondary" : "primary"}
            onClick={() => void runImport(false)}
            disabled={!canImportDrafts}
            data-testid="batch-import-drafts"
          >
            {t("importDrafts", { count: preview.shipmentCount })}
          </Button>
          {canSend ? (
            <Button type="button" onClick={() => setConfirmSend(true)} disabled={!canImportAndSend} data-testid="batch-import-send">
              {t("importSend", { count: preview.shipmentCount })}
            </Button>
          ) : null}
        </div>
      ) : null}

      <ConfirmDialog
        open={confirmSend}
        onOpenChange={setConfirmSend}
        title={t("confirmSend.title")}
        body={t("confirmSend.body", { count: preview?.shipmentCount ?? 0 })}
        confirmLabel={t("confirmSend.confirm")}
        cancelLabel={t("confirmSend.cancel")}
        confirmVariant="primary"
        onConfirm={() => void runImport(true)}
        testId="batch-confirm-send"
        confirmTestId="batch-confirm-send-ok"
      />
    </div>
  );
}

type Formatter = ReturnType<typeof useFormatter>;

/** Every shipment with its rows; a row's errors are listed on it and the cells at fault are marked. */
function PreviewCard({ preview, format }: { preview: Preview; format: Formatter }) {
  const t = useTranslations("batchImport");
  const label = (column: BatchColumn | null) => (column ? t(`columns.${column}`) : "");
  const groups = [
    ...preview.shipments.map((shipment) => ({
      key: shipment.key,
      shipment,
      rows: preview.rows.filter((r) => r.shipment === shipment.key),
    })),
    ...(preview.rows.some((r) => r.shipment === null)
      ? [{ key: null, shipment: null, rows: preview.rows.filter((r) => r.shipment === null) }]
      : []),
  ];
  const blocking = preview.invalidRows > 0;

  return (
    <Card title={t("preview.title")}>
      <div className="space-y-3" data-testid="batch-preview">
        <Alert tone={blocking ? "error" : "info"}>
          <span data-testid="batch-summary">
            {t("preview.summary", { shipments: preview.shipmentCount, rows: preview.totalRows, invalid: preview.invalidRows })}
          </span>
          {blocking ? ` ${t("preview.allOrNothing")}` : preview.rowsNotReadyToSend > 0 ? ` ${t("preview.sendBlocked")}` : ""}
        </Alert>
        {preview.unusedFiles.length > 0 ? <Alert>{t("preview.unusedFiles", { names: preview.unusedFiles.join(", ") })}</Alert> : null}
        <div className="max-h-[36rem] overflow-auto rounded-md border border-slate-200">
          <table className="min-w-full text-sm">
            <thead className="sticky top-0 z-10 bg-slate-50 text-left text-xs font-semibold uppercase text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("preview.row")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("columns.order")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("preview.signer")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("columns.email")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("columns.phone")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("columns.mandatory")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("columns.canReject")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("columns.language")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("preview.status")}
                </th>
              </tr>
            </thead>
            {groups.map((group) => (
              <tbody
                key={group.key ?? "-"}
                className="border-t-2 border-slate-200"
                data-testid="batch-shipment"
                data-shipment={group.key ?? ""}
              >
                <tr className="bg-slate-50/60">
                  <th scope="rowgroup" colSpan={rowColumns.length + 2} className="px-3 py-2 text-left font-normal">
                    {group.shipment ? (
                      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
                        <span className="font-semibold text-slate-900">
                          {t("preview.shipment", { key: group.shipment.key })}: {group.shipment.title || t("preview.untitled")}
                        </span>
                        <span className="text-xs text-slate-600">
                          {t("preview.file")}:{" "}
                          {group.shipment.file
                            ? `${group.shipment.file.name} (${t("preview.pages", { count: group.shipment.file.pages })})`
                            : "—"}
                        </span>
                        <span className="text-xs text-slate-600">
                          {t("preview.flow")}:{" "}
                          {group.shipment.flow
                            ? group.shipment.flow.fromDefault
                              ? t("preview.defaultFlow", { name: group.shipment.flow.name })
                              : group.shipment.flow.name
                            : t("preview.noFlow")}
                        </span>
                        <span className="text-xs text-slate-600">
                          {t("preview.expiration")}:{" "}
                          {group.shipment.expirationDate
                            ? format.dateTime(new Date(group.shipment.expirationDate), { dateStyle: "medium", timeStyle: "short" })
                            : t("preview.noExpiration")}
                        </span>
                        {group.shipment.documentType ? (
                          <span className="text-xs text-slate-600">
                            {t("preview.documentType")}: {group.shipment.documentType}
                          </span>
                        ) : null}
                        <span className="text-xs text-slate-600">{t("preview.signers", { count: group.shipment.signerCount })}</span>
                      </div>
                    ) : (
                      <span className="font-semibold text-red-700">{t("preview.noShipment")}</span>
                    )}
                  </th>
                </tr>
                {group.rows.map((row) => (
                  <PreviewRowLine key={row.row} row={row} label={label} />
                ))}
              </tbody>
            ))}
          </table>
        </div>
      </div>
    </Card>
  );
}

function PreviewRowLine({ row, label }: { row: PreviewRow; label: (column: BatchColumn | null) => string }) {
  const t = useTranslations("batchImport");
  const blocking = row.errors.some((e) => !e.onlyWhenSending);
  const faulty = new Set(row.errors.map((e) => e.column));
  const cell = (columns: readonly BatchColumn[]) =>
    `px-3 py-2 ${columns.some((c) => faulty.has(c)) ? "bg-red-100 font-medium text-red-800" : ""}`;
  const v = row.values;
  return (
    <tr
      className={blocking ? "bg-red-50" : row.errors.length > 0 ? "bg-amber-50" : undefined}
      data-testid="batch-row"
      data-row={row.row}
      data-invalid={blocking ? "true" : "false"}
    >
      <td className="px-3 py-2 text-slate-500">{row.row}</td>
      <td className={cell(["order", "minSigners"])}>{v.order ?? "1"}</td>
      <td className={cell(["firstName", "lastName"])}>{[v.firstName, v.lastName].filter(Boolean).join(" ") || "—"}</td>
      <td className={cell(["email"])}>{v.email ?? ""}</td>
      <td className={cell(["phone"])}>{v.phone ?? ""}</td>
      <td className={cell(["mandatory"])}>{v.mandatory ?? t("yes")}</td>
      <td className={cell(["canReject"])}>{v.canReject ?? t("yes")}</td>
      <td className={cell(["language"])}>{v.language ?? "es-es"}</td>
      <td className="px-3 py-2">
        {row.errors.length === 0 ? (
          <span className="text-emerald-700">{t("preview.ok")}</span>
        ) : (
          <ul className="space-y-0.5">
            {row.errors.map((e, index) => (
              <li
                key={`${e.column}-${e.errorCode}-${index}`}
                className={e.onlyWhenSending ? "text-amber-800" : "text-red-700"}
                data-testid="batch-row-error"
                data-column={e.column ?? ""}
              >
                {e.column ? <span className="font-medium">{label(e.column)}:</span> : null} {e.message}
                {e.onlyWhenSending ? ` ${t("preview.onlyWhenSending")}` : ""}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}
