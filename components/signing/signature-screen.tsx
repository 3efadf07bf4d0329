"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import SignaturePad from "signature_pad";
import { notifyError } from "@/components/client/notify";
import { SignButton } from "./sign-button";
import { type SignerLink, useSignerApi } from "./use-signer-api";

/** digital-signature: a handwritten signature pad in the organisation's colours; an empty pad is never sent. */
export function SignatureScreen({ link, signerName, documentName }: { link: SignerLink; signerName: string; documentName: string }) {
  const t = useTranslations("signing.signature");
  const errors = useTranslations("errors");
  const router = useRouter();
  const { call, fail } = useSignerApi(link);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
  const [busy, setBusy] = useState(false);

  // The canvas backing store follows the device's pixel ratio, or strokes come out blurred and offset.
  const fit = useCallback(() => {
    const element = canvas.current;
    const current = pad.current;
    if (!element || !current) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const strokes = current.toData();
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext("2d")?.scale(ratio, ratio);
    current.clear();
    current.fromData(strokes);
  }, []);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const instance = new SignaturePad(element, { penColor: "#0f172a", minWidth: 0.8, maxWidth: 2.6 });
    pad.current = instance;
    const changed = () => setEmpty(instance.isEmpty());
    instance.addEventListener("endStroke", changed);
    fit();
    window.addEventListener("resize", fit);
    return () => {
      window.removeEventListener("resize", fit);
      instance.removeEventListener("endStroke", changed);
      instance.off();
    };
  }, [fit]);

  function clear() {
    pad.current?.clear();
    setEmpty(true);
  }

  async function submit() {
    const current = pad.current;
    if (!current || current.isEmpty()) {
      notifyError(errors("SIGNATURE_EMPTY"));
      return;
    }
    setBusy(true);
    const result = await call<{ next: string }>(`/api/signprocess/${link.processHexId}/step/digital-signature`, {
      image: current.toDataURL("image/png"),
    });
    setBusy(false);
    if (result.ok) router.push(result.data.next);
    else fail(result.error);
  }

  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t("intro", { document: documentName })}</p>
      <div className="rounded-lg border-2 border-[var(--sign-primary)] bg-white p-2 shadow-sm">
        <canvas
          ref={canvas}
          className="block h-56 w-full touch-none rounded bg-white sm:h-64"
          aria-label={t("padLabel", { name: signerName })}
          data-testid="signature-pad"
        />
        <div className="mx-4 border-t border-dashed border-[var(--sign-secondary)] pt-1 text-center text-sm text-slate-500">
          {signerName}
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <SignButton onClick={() => void submit()} disabled={busy || empty} data-testid="signature-submit">
          {t("submit")}
        </SignButton>
        <SignButton tone="outline" onClick={clear} disabled={busy} data-testid="signature-clear">
          {t("clear")}
        </SignButton>
      </div>
    </div>
  );
}
