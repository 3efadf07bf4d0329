"use client";

import { useEffect, useState } from "react";
import QRCode from "qrcode";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import type { SavedLink } from "./validation-form-dialog";

type Codes = { png: string; svg: string };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function save(href: string, fileName: string) {
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** A link's QR code (spec §3 "QR"): shown, downloaded as PNG or SVG, or printed on a sheet with the description. */
export function ValidationQrDialog({ link, onClose }: { link: SavedLink; onClose: () => void }) {
  const t = useTranslations("validations.qr");
  const [codes, setCodes] = useState<Codes | null>(null);

  useEffect(() => {
    let current = true;
    // High error correction: printed codes get folded, scratched and photographed at an angle.
    const options = { errorCorrectionLevel: "H" as const, margin: 2 };
    void Promise.all([QRCode.toDataURL(link.url, { ...options, width: 768 }), QRCode.toString(link.url, { ...options, type: "svg" })]).then(
      ([png, svg]) => current && setCodes({ png, svg }),
    );
    return () => {
      current = false;
    };
  }, [link.url]);

  const baseName = `validacion-${link.validationHexId}`;
  const downloadSvg = () => {
    if (!codes) return;
    const url = URL.createObjectURL(new Blob([codes.svg], { type: "image/svg+xml" }));
    save(url, `${baseName}.svg`);
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const print = () => {
    if (!codes) return;
    const sheet = window.open("", "_blank", "width=700,height=900");
    if (!sheet) return;
    sheet.document.write(`<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(link.description)}</title>
<style>body{font-family:Arial,sans-serif;text-align:center;color:#0f172a;margin:48px}img{width:360px;height:360px}p{margin:12px 0}.url{font-family:monospace;font-size:12px;word-break:break-all}</style></head>
<body><h1>${escapeHtml(t("printHeading"))}</h1><p>${escapeHtml(link.description)}</p><img src="${codes.png}" alt=""><p class="url">${escapeHtml(link.url)}</p><p>${escapeHtml(t("pinNotice"))}</p></body></html>`);
    sheet.document.close();
    sheet.focus();
    sheet.print();
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t("title")} description={t("description")} testId="validation-qr-dialog">
      <div className="space-y-4 text-center">
        <p className="text-sm font-medium text-slate-800">{link.description}</p>
        {codes ? (
          // eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn in the browser
          <img src={codes.png} alt={t("alt", { url: link.url })} className="mx-auto h-56 w-56" data-testid="validation-qr-image" />
        ) : (
          <div className="mx-auto h-56 w-56 animate-pulse rounded bg-slate-100" />
        )}
        <p className="break-all font-mono text-xs text-slate-600" data-testid="validation-qr-url">
          {link.url}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button
            type="button"
            variant="secondary"
            disabled={!codes}
            onClick={() => codes && save(codes.png, `${baseName}.png`)}
            data-testid="validation-qr-png"
          >
            {t("downloadPng")}
          </Button>
          <Button type="button" variant="secondary" disabled={!codes} onClick={downloadSvg} data-testid="validation-qr-svg">
            {t("downloadSvg")}
          </Button>
          <Button type="button" variant="secondary" disabled={!codes} onClick={print} data-testid="validation-qr-print">
            {t("print")}
          </Button>
          <Button type="button" onClick={onClose}>
            {t("close")}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
