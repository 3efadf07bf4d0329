"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import type { SignatureProcessData } from "@/lib/signing/process-data";
import { processPagePath } from "@/lib/signing/steps";
import { SignButton } from "./sign-button";
import { type SignerLink, useSignerApi } from "./use-signer-api";

// pdf.js needs the browser's canvas and workers: never rendered on the server.
const PdfViewer = dynamic(() => import("./pdf-viewer"), { ssr: false });

/** see-document: the PDFs to sign, with refresh, full screen, reject, sign and exit (spec §2). */
export function SeeDocumentScreen({ link, data }: { link: SignerLink; data: SignatureProcessData }) {
  const t = useTranslations("signing.seeDocument");
  const router = useRouter();
  const { call, fail } = useSignerApi(link);
  const [fileIndex, setFileIndex] = useState(0);
  const [reloadKey, setReloadKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const headers = useMemo(() => ({ "x-url-sign": link.urlSign }), [link.urlSign]);
  const file = data.files[fileIndex];

  async function sign() {
    setBusy(true);
    const result = await call<{ next: string }>(`/api/signprocess/${link.processHexId}/step/see-document`, { viewed: true });
    setBusy(false);
    if (result.ok) router.push(result.data.next);
    else fail(result.error);
  }

  function fullScreen() {
    const element = frame.current;
    if (!element) return;
    if (document.fullscreenElement) void document.exitFullscreen();
    else void element.requestFullscreen?.().catch(() => undefined);
  }

  return (
    <div className="space-y-4">
      {data.files.length > 1 ? (
        <div role="tablist" aria-label={t("files")} className="flex flex-wrap gap-2">
          {data.files.map((f, index) => (
            <button
              key={f.fileHexId}
              role="tab"
              aria-selected={index === fileIndex}
              onClick={() => setFileIndex(index)}
              className={`rounded-md border px-3 py-1 text-sm ${index === fileIndex ? "border-[var(--sign-primary)] bg-white font-medium text-[var(--sign-primary)]" : "border-slate-300 bg-slate-100 text-slate-700"}`}
            >
              {f.fileName}
            </button>
          ))}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2" role="toolbar" aria-label={t("toolbar")}>
        <SignButton tone="outline" onClick={() => setReloadKey((k) => k + 1)} data-testid="pdf-refresh">
          {t("refresh")}
        </SignButton>
        <SignButton tone="outline" onClick={fullScreen} data-testid="pdf-fullscreen">
          {t("fullScreen")}
        </SignButton>
      </div>
      <div
        ref={frame}
        className="max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-slate-200 p-2 [&:fullscreen]:max-h-none"
      >
        {file ? (
          <PdfViewer
            key={file.fileHexId}
            url={`/api/signprocess/${link.processHexId}/files/${file.fileHexId}`}
            headers={headers}
            reloadKey={reloadKey}
          />
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <SignButton onClick={() => void sign()} disabled={busy} data-testid="document-sign">
          {t("sign")}
        </SignButton>
        {data.canReject ? (
          <SignButton
            tone="outline"
            onClick={() => router.push(processPagePath("document-rejection", link.urlSign, link.processHexId))}
            data-testid="document-reject"
          >
            {t("reject")}
          </SignButton>
        ) : null}
        <SignButton tone="outline" onClick={() => router.push(processPagePath("home-page", link.urlSign, link.processHexId))}>
          {t("exit")}
        </SignButton>
      </div>
    </div>
  );
}
