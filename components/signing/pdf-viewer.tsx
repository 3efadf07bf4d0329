"use client";

import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { Document, Page, pdfjs } from "react-pdf";

pdfjs.GlobalWorkerOptions.workerSrc = "/api/assets/pdf-worker";

/** Every page of one PDF, fitted to the container's width; loaded with the link's secret in a header. */
export default function PdfViewer({ url, headers, reloadKey }: { url: string; headers: Record<string, string>; reloadKey: number }) {
  const t = useTranslations("signing.seeDocument");
  const container = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  const [pages, setPages] = useState(0);
  const file = useMemo(
    () => ({ url: `${url}${url.includes("?") ? "&" : "?"}v=${reloadKey}`, httpHeaders: headers }),
    [url, headers, reloadKey],
  );

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(240, Math.floor(entry?.contentRect.width ?? 600))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={container} className="w-full" data-testid="pdf-viewer">
      <Document
        file={file}
        onLoadSuccess={({ numPages }) => setPages(numPages)}
        loading={<p className="p-6 text-center text-slate-600">{t("loading")}</p>}
        error={
          <p role="alert" className="p-6 text-center text-red-700">
            {t("loadError")}
          </p>
        }
      >
        {Array.from({ length: pages }, (_, index) => (
          <div key={index} className="mb-3 shadow" data-testid="pdf-page">
            <Page pageNumber={index + 1} width={width} renderTextLayer={false} renderAnnotationLayer={false} />
          </div>
        ))}
      </Document>
      {pages > 0 ? (
        <p className="text-center text-sm text-slate-800" data-testid="pdf-page-count">
          {t("pages", { count: pages })}
        </p>
      ) : null}
    </div>
  );
}
