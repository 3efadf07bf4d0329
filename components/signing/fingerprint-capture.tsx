"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import {
  captureFingerprint,
  captureImageUrl,
  checkBridge,
  type BridgeDevice,
  type FingerName,
  type FingerprintCapture as Capture,
  type FingerprintFailure,
} from "@/lib/evidence/fingerprint-bridge-client";

type Props = {
  /** Where the signer's bridge listens, e.g. http://127.0.0.1:15896 (docs/fingerprint-bridge.md). */
  bridgeUrl: string;
  processHexId: string;
  finger?: FingerName;
  onCaptured: (capture: Capture) => void;
};

type View =
  | { phase: "checking" }
  | { phase: "ready"; device: BridgeDevice }
  | { phase: "capturing"; device: BridgeDevice | null }
  | { phase: "captured"; capture: Capture }
  | { phase: "failed"; failure: FingerprintFailure; device: BridgeDevice | null };

/** The fingerprint step: finds the local reader bridge, captures one finger, shows it, lets the signer retry. */
export function FingerprintCapture({ bridgeUrl, processHexId, finger = "right_index", onCaptured }: Props) {
  const t = useTranslations("fingerprint");
  const [view, setView] = useState<View>({ phase: "checking" });
  const inFlight = useRef<AbortController | null>(null);

  // Each call cancels the previous one; answers that arrive after unmount or a newer call are dropped.
  const begin = useCallback(() => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    return controller.signal;
  }, []);

  const check = useCallback(() => {
    const signal = begin();
    // Rejects only when aborted by a newer call or by unmounting.
    checkBridge(bridgeUrl, { signal }).then(
      (result) => {
        if (!signal.aborted)
          setView(result.ok ? { phase: "ready", device: result.device } : { phase: "failed", failure: result, device: null });
      },
      () => undefined,
    );
  }, [begin, bridgeUrl]);

  const capture = useCallback(
    async (device: BridgeDevice | null) => {
      const signal = begin();
      setView({ phase: "capturing", device });
      try {
        const result = await captureFingerprint(bridgeUrl, processHexId, { finger, signal });
        if (signal.aborted) return;
        if (result.ok) {
          setView({ phase: "captured", capture: result.capture });
          onCaptured(result.capture);
        } else {
          setView({ phase: "failed", failure: result, device });
        }
      } catch {
        // Aborted.
      }
    },
    [begin, bridgeUrl, finger, onCaptured, processHexId],
  );

  useEffect(() => {
    check();
    return () => inFlight.current?.abort();
  }, [check]);

  const recheck = () => {
    setView({ phase: "checking" });
    check();
  };

  // A missing bridge or reader must be found again first; the other failures are worth one more capture.
  const retry = (failure: FingerprintFailure, device: BridgeDevice | null) => {
    if (failure.code === "READER_NOT_CONNECTED" || failure.code === "ORIGIN_NOT_ALLOWED" || failure.code === "BRIDGE_ERROR" || !device)
      recheck();
    else void capture(device);
  };

  const deviceLine = (device: BridgeDevice) => t("status.ready", { vendor: device.vendor, model: device.model });

  return (
    <section className="space-y-4" data-testid="fingerprint-capture" data-phase={view.phase}>
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t("title")}</h2>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
        <p className="mt-1 text-sm text-slate-700">{t("finger", { finger: t(`fingers.${finger}`) })}</p>
      </div>

      {view.phase === "checking" ? <Alert tone="info">{t("status.checking")}</Alert> : null}

      {view.phase === "ready" ? (
        <>
          <Alert tone="info">{deviceLine(view.device)}</Alert>
          <Button type="button" onClick={() => void capture(view.device)}>
            {t("actions.capture")}
          </Button>
        </>
      ) : null}

      {view.phase === "capturing" ? (
        <>
          <Alert tone="info">{t("status.capturing")}</Alert>
          <Button type="button" disabled>
            {t("actions.capture")}
          </Button>
        </>
      ) : null}

      {view.phase === "captured" ? (
        <>
          <Alert tone="success">{t("status.captured", { quality: view.capture.quality })}</Alert>
          {captureImageUrl(view.capture) ? (
            // eslint-disable-next-line @next/next/no-img-element -- a data: URL from the local reader, never fetched
            <img
              src={captureImageUrl(view.capture) ?? undefined}
              alt={t("previewAlt")}
              width={view.capture.imageWidth ?? undefined}
              height={view.capture.imageHeight ?? undefined}
              className="max-h-64 w-auto rounded-md border border-slate-200 bg-white"
              data-testid="fingerprint-preview"
            />
          ) : null}
          <Button type="button" variant="secondary" onClick={() => void capture(view.capture.device)}>
            {t("actions.recapture")}
          </Button>
        </>
      ) : null}

      {view.phase === "failed" ? (
        <>
          <Alert tone="error">
            <span data-testid="fingerprint-error" data-code={view.failure.code}>
              {t(view.failure.messageKey)}
            </span>
          </Alert>
          <Button type="button" variant="secondary" onClick={() => retry(view.failure, view.device)}>
            {view.failure.code === "READER_NOT_CONNECTED" ? t("actions.checkAgain") : t("actions.retry")}
          </Button>
        </>
      ) : null}
    </section>
  );
}
