"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { downloadFile } from "@/components/client/download-file";
import { Alert } from "@/components/ui/card";
import { Button } from "@/components/ui/button";

type Props = {
  processHexId: string;
  /**
   * The person's link secret: with it the person's own route is called with the secret in X-Url-Sign (a plain link
   * cannot send a header, so the file is fetched and saved from the answer); without it, the staff route.
   */
  urlSign?: string | null;
};

/** While the certificate is being made, ask again this often, this many times (about three minutes). */
const retryMs = 4_000;
const maxRetries = 45;

/**
 * "Download validation certificate": fetches the sealed PDF and saves it under the server's file name. While the
 * certificate job has not finished (409 VALIDATION_CERTIFICATE_NOT_READY) it says the certificate is being prepared
 * and keeps asking, then downloads it as soon as it is ready.
 */
export function ValidationCertificateDownload({ processHexId, urlSign }: Props) {
  const t = useTranslations("validationCertificate");
  const tErrors = useTranslations("errors");
  const locale = useLocale();
  const [state, setState] = useState<"idle" | "busy" | "preparing">("idle");
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<number | null>(null);
  const retries = useRef(0);

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  const path = urlSign
    ? `/api/validation-process/${encodeURIComponent(processHexId)}/certificate`
    : `/api/validation-processes/${encodeURIComponent(processHexId)}/certificate`;

  const attempt = async () => {
    timer.current = null;
    const result = await downloadFile(path, {
      locale,
      fallbackName: `${processHexId}.pdf`,
      connectionLostMessage: tErrors("CONNECTION_LOST"),
      headers: urlSign ? { "x-url-sign": urlSign } : undefined,
    });
    if (result.ok) {
      setState("idle");
      return;
    }
    if (result.error.errorCode === "VALIDATION_CERTIFICATE_NOT_READY" && retries.current < maxRetries) {
      retries.current += 1;
      setState("preparing");
      timer.current = window.setTimeout(() => void attempt(), retryMs);
      return;
    }
    setState("idle");
    setError(result.error.errorCode === "VALIDATION_CERTIFICATE_NOT_READY" ? t("notReadyYet") : result.error.message);
  };

  return (
    <div className="space-y-2" data-testid="validation-certificate-download">
      <Button
        type="button"
        variant="secondary"
        disabled={state !== "idle"}
        data-testid="validation-certificate-button"
        onClick={() => {
          retries.current = 0;
          setError(null);
          setState("busy");
          void attempt();
        }}
      >
        {state === "idle" ? t("download") : t("downloading")}
      </Button>
      <div aria-live="polite">
        {state === "preparing" ? (
          <p className="text-sm text-slate-600" data-testid="validation-certificate-preparing">
            {t("preparing")}
          </p>
        ) : null}
        {error ? (
          <Alert tone="error">
            <span data-testid="validation-certificate-error">{error}</span>
          </Alert>
        ) : null}
      </div>
    </div>
  );
}
