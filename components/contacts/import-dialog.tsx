"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import { Modal } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { uploadContactFile } from "./files";

type PreviewRow = {
  row: number;
  values: Partial<Record<"name" | "lastName" | "identType" | "identNumber" | "email" | "phone", string>>;
  errors: { field: string; errorCode: string; message: string }[];
};
type Preview = { total: number; valid: number; invalid: number; rows: PreviewRow[] };

type Props = { maxRows: number; onClose: () => void; onImported: () => void };

/** File picker → preview of every row with its errors → import, all rows or none. */
export function ImportDialog({ maxRows, onClose, onImported }: Props) {
  const t = useTranslations("contacts.importDialog");
  const tColumns = useTranslations("contacts.columns");
  const tForm = useTranslations("contacts.form");
  const notices = useTranslations("contacts.notices");
  const tErrors = useTranslations("errors");
  const locale = useLocale();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const review = async (chosen: File) => {
    setBusy(true);
    setError(null);
    const result = await uploadContactFile<Preview>(chosen, "preview", locale, tErrors("CONNECTION_LOST"));
    setBusy(false);
    if (result.ok) return setPreview(result.data);
    setPreview(null);
    setError(result.error.message);
    notifyApiError(result.error);
  };

  const commit = async () => {
    if (!file) return;
    setBusy(true);
    const result = await uploadContactFile<{ created: number }>(file, "commit", locale, tErrors("CONNECTION_LOST"));
    setBusy(false);
    if (result.ok) {
      notifySuccess(notices("imported", { count: result.data.created }));
      onImported();
      return;
    }
    notifyApiError(result.error);
    // The organisation changed since the preview (or the file did): show what is wrong now.
    if (result.error.errorCode === "CONTACT_IMPORT_INVALID_ROWS") await review(file);
    else setError(result.error.message);
  };

  const label = (field: string) => (tForm.has(field) ? tForm(field) : field);

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("title")}
      description={t("hint", { maxRows })}
      width="max-w-5xl"
      testId="contact-import"
    >
      <div className="space-y-4">
        <TextField
          label={t("file")}
          name="contact-file"
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFile(chosen);
            setPreview(null);
            setError(null);
            if (chosen) void review(chosen);
          }}
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
        {preview ? (
          <div className="space-y-3" data-testid="import-preview">
            <Alert tone={preview.invalid > 0 ? "error" : "info"}>
              {t("summary", { total: preview.total, valid: preview.valid, invalid: preview.invalid })}
              {preview.invalid > 0 ? ` ${t("allOrNothing")}` : ""}
            </Alert>
            <div className="max-h-96 overflow-auto rounded-md border border-slate-200">
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <thead className="sticky top-0 bg-slate-50 text-left text-xs font-semibold uppercase text-slate-600">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      {t("row")}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {tColumns("name")}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {tColumns("lastName")}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {tColumns("identification")}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {tColumns("email")}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {tColumns("phone")}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {t("status")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {preview.rows.map((row) => (
                    <tr
                      key={row.row}
                      className={row.errors.length > 0 ? "bg-red-50" : undefined}
                      data-testid="import-row"
                      data-row={row.row}
                    >
                      <td className="px-3 py-2 text-slate-500">{row.row}</td>
                      <td className="px-3 py-2">{row.values.name}</td>
                      <td className="px-3 py-2">{row.values.lastName}</td>
                      <td className="px-3 py-2">{[row.values.identType, row.values.identNumber].filter(Boolean).join(" ")}</td>
                      <td className="px-3 py-2">{row.values.email}</td>
                      <td className="px-3 py-2">{row.values.phone}</td>
                      <td className="px-3 py-2">
                        {row.errors.length === 0 ? (
                          <span className="text-emerald-700">{t("ok")}</span>
                        ) : (
                          <ul className="space-y-0.5 text-red-700">
                            {row.errors.map((e) => (
                              <li key={`${e.field}-${e.errorCode}`}>
                                <span className="font-medium">{label(e.field)}:</span> {e.message}
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
          {/* Picking the same file again fires no change event: this reviews the corrected file. */}
          <Button type="button" variant="secondary" onClick={() => file && void review(file)} disabled={busy || !file}>
            {t("review")}
          </Button>
          <Button
            type="button"
            onClick={() => void commit()}
            disabled={busy || !preview || preview.invalid > 0}
            data-testid="import-confirm"
          >
            {t("confirm", { count: preview?.valid ?? 0 })}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
