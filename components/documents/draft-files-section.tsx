"use client";

import { useState, type ChangeEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { SelectField } from "@/components/ui/field";
import { useApi } from "@/components/client/use-api";
import { notifyApiError } from "@/components/client/notify";
import type { DraftView } from "@/lib/documents/draft-records";
import { uploadWithProgress } from "./upload-file";

export type DocumentTypeOption = { documentTypeHexId: string; name: string; isDefault: boolean };

type Upload = { key: number; fileName: string; progress: number; state: "uploading" | "done" | "failed"; error?: string };

type Props = {
  draft: DraftView | null;
  documentTypes: DocumentTypeOption[];
  maxUploadMb: number;
  onDraftChange: (draft: DraftView) => void;
  /** A section-level server error (for example "add a file first"). */
  error?: string;
};

let nextKey = 0;

/** The shipment's PDFs: each chosen file is one request with its own progress bar and its own result. */
export function DraftFilesSection({ draft, documentTypes, maxUploadMb, onDraftChange, error }: Props) {
  const t = useTranslations("prepareDocument.files");
  const tErrors = useTranslations("errors");
  const locale = useLocale();
  const api = useApi();
  const [documentTypeHexId, setDocumentTypeHexId] = useState(documentTypes.find((d) => d.isDefault)?.documentTypeHexId ?? "");
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [removing, setRemoving] = useState<string | null>(null);

  const patch = (key: number, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const upload = async (documentHexId: string, file: File) => {
    const key = nextKey++;
    setUploads((list) => [...list, { key, fileName: file.name, progress: 0, state: "uploading" }]);
    if (file.size > maxUploadMb * 1024 * 1024) {
      patch(key, { state: "failed", error: tErrors("SHIPMENT_FILE_TOO_LARGE", { max: `${maxUploadMb} MB` }) });
      return;
    }
    const form = new FormData();
    form.append("file", file, file.name);
    form.append("documentTypeHexId", documentTypeHexId);
    const result = await uploadWithProgress<DraftView>(`/api/documents/${documentHexId}/files`, form, {
      locale,
      connectionLostMessage: tErrors("CONNECTION_LOST"),
      onProgress: (fraction) => patch(key, { progress: Math.round(fraction * 100) }),
    });
    if (result.ok) {
      patch(key, { state: "done", progress: 100 });
      onDraftChange(result.data);
    } else patch(key, { state: "failed", error: result.error.message || tErrors("SERVER_ERROR") });
  };

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    if (!draft) return;
    // One after another: each answer is the whole draft, so the last one lists every file.
    for (const file of files) await upload(draft.documentHexId, file);
  };

  const remove = async (fileHexId: string) => {
    if (!draft) return;
    setRemoving(fileHexId);
    const result = await api<DraftView>(`/api/documents/${draft.documentHexId}/files/${fileHexId}`, { method: "DELETE" });
    setRemoving(null);
    if (result.ok) onDraftChange(result.data);
    else notifyApiError(result.error);
  };

  return (
    <Card title={t("title")}>
      <div className="space-y-4" data-testid="draft-files">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {draft ? null : <Alert>{t("saveFirst")}</Alert>}
        <div className="grid grid-cols-1 items-end gap-4 md:grid-cols-2">
          <SelectField
            label={t("documentType")}
            id="draft-document-type"
            value={documentTypeHexId}
            onChange={(e) => setDocumentTypeHexId(e.target.value)}
            disabled={!draft}
          >
            {documentTypes.length === 0 ? <option value="">{t("noDocumentType")}</option> : null}
            {documentTypes.map((d) => (
              <option key={d.documentTypeHexId} value={d.documentTypeHexId}>
                {d.name}
              </option>
            ))}
          </SelectField>
          <div className="space-y-1">
            <label htmlFor="draft-file-input" className="block text-sm font-medium text-slate-700">
              {t("choose")}
            </label>
            <input
              id="draft-file-input"
              type="file"
              accept="application/pdf"
              multiple
              disabled={!draft}
              onChange={onFiles}
              aria-describedby="draft-file-limit"
              data-testid="draft-file-input"
              className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:text-white disabled:opacity-50"
            />
            <p id="draft-file-limit" className="text-xs text-slate-500" data-testid="draft-file-limit">
              {t("limit", { max: maxUploadMb })}
            </p>
          </div>
        </div>

        {uploads.length > 0 ? (
          <ul className="space-y-2" aria-label={t("uploads")}>
            {uploads.map((u) => (
              <li key={u.key} className="rounded-md border border-slate-200 p-3 text-sm" data-testid="draft-upload" data-state={u.state}>
                <div className="flex items-center justify-between gap-2">
                  <span className="truncate font-medium">{u.fileName}</span>
                  <span className="text-xs text-slate-500">
                    {u.state === "done" ? t("uploaded") : u.state === "failed" ? t("rejected") : `${u.progress} %`}
                  </span>
                </div>
                {u.state === "failed" ? (
                  <p role="alert" className="mt-1 text-xs text-red-600" data-testid="draft-upload-error">
                    {u.error}
                  </p>
                ) : (
                  <div
                    role="progressbar"
                    aria-label={t("progress", { name: u.fileName })}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={u.progress}
                    className="mt-2 h-2 overflow-hidden rounded bg-slate-100"
                  >
                    <div className="h-full bg-brand-600 transition-all" style={{ width: `${u.progress}%` }} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        ) : null}

        {draft && draft.files.length > 0 ? (
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th className="py-2">{t("name")}</th>
                <th className="py-2">{t("documentType")}</th>
                <th className="py-2">{t("pagesHeader")}</th>
                <th className="py-2">
                  <span className="sr-only">{t("actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {draft.files.map((file) => (
                <tr key={file.fileHexId} className="border-t border-slate-100" data-testid="draft-file" data-file={file.fileName}>
                  <td className="py-2 font-medium">{file.fileName}</td>
                  <td className="py-2">{file.documentType?.name ?? "—"}</td>
                  <td className="py-2" data-testid="draft-file-pages">
                    {t("pages", { count: file.pages })}
                  </td>
                  <td className="py-2 text-right">
                    <Button
                      type="button"
                      variant="ghost"
                      className="px-2 py-1 text-xs"
                      disabled={removing === file.fileHexId}
                      onClick={() => void remove(file.fileHexId)}
                      aria-label={t("remove", { name: file.fileName })}
                      data-testid="draft-file-remove"
                    >
                      {t("removeShort")}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : draft ? (
          <p className="text-sm text-slate-500">{t("none")}</p>
        ) : null}
      </div>
    </Card>
  );
}
