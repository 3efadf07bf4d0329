"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/card";
import type { FingerprintCapture as Capture } from "@/lib/evidence/fingerprint-bridge-client";
import { appendEncryptedFile } from "@/components/capture/encrypt-evidence";
import { apiPath, nextPath } from "@/lib/process-routes";
import { FingerprintCapture } from "./fingerprint-capture";
import { SignButton } from "./sign-button";
import { type SignerLink, useSignerApi } from "./use-signer-api";

function pngBlob(base64: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: "image/png" });
}

/** The fingerprint step: the reader bridge captures a finger; its image and template are sent as evidence. */
export function FingerprintScreen({ link, bridgeUrl }: { link: SignerLink; bridgeUrl: string }) {
  const t = useTranslations("signing.fingerprintStep");
  const router = useRouter();
  const { fail } = useSignerApi(link);
  const [capture, setCapture] = useState<Capture | null>(null);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send() {
    if (!capture?.image) return;
    setBusy(true);
    setError(null);
    const id = uploadId ?? crypto.randomUUID();
    setUploadId(id);
    const form = new FormData();
    form.set("kind", "FINGERPRINT");
    form.set("uploadId", id);
    form.set("capturedAt", capture.capturedAt);
    form.set(
      "detail",
      JSON.stringify({
        template: capture.template,
        templateFormat: capture.templateFormat,
        quality: capture.quality,
        finger: capture.finger,
        device: capture.device,
      }),
    );
    try {
      await appendEncryptedFile(form, pngBlob(capture.image), "fingerprint.png");
      const response = await fetch(apiPath(link, "evidence"), {
        method: "POST",
        body: form,
        headers: { "x-url-sign": link.urlSign },
      });
      const body = (await response.json().catch(() => ({}))) as { next?: string; errorCode?: string; message?: string };
      if (response.ok && body.next) router.push(nextPath(link, body.next));
      else fail({ errorCode: body.errorCode ?? "SERVER_ERROR", message: body.message ?? "", ...body });
    } catch {
      setError(t("retry"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t("intro")}</p>
      <FingerprintCapture
        bridgeUrl={bridgeUrl}
        processHexId={link.processHexId}
        onCaptured={(c) => {
          setCapture(c);
          setUploadId(null);
        }}
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <SignButton onClick={() => void send()} disabled={!capture?.image || busy} data-testid="fingerprint-send">
        {t("send")}
      </SignButton>
    </div>
  );
}
