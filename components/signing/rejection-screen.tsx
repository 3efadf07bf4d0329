"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiPath, pagePath } from "@/lib/process-routes";
import { SignButton } from "./sign-button";
import { type SignerLink, useSignerApi } from "./use-signer-api";

/**
 * document-rejection: declining needs a reason (spec §5); it cannot be undone. `texts` replaces the
 * signer's wording (intro, confirm) where a validation says otherwise.
 */
export function RejectionScreen({ link, texts }: { link: SignerLink; texts?: { intro: string; confirm: string } }) {
  const t = useTranslations("signing.rejection");
  const errors = useTranslations("errors");
  const router = useRouter();
  const { call, fail } = useSignerApi(link);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function reject() {
    if (!reason.trim()) {
      setError(errors("REJECTION_REASON_REQUIRED"));
      return;
    }
    setBusy(true);
    const result = await call(apiPath(link, "reject"), { reason });
    setBusy(false);
    if (result.ok) {
      router.refresh();
      return;
    }
    if (result.error.errorCode === "REJECTION_REASON_REQUIRED") setError(result.error.message);
    else fail(result.error);
  }

  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-slate-700">{texts?.intro ?? t("intro")}</p>
      <div className="space-y-1">
        <label htmlFor="rejection-reason" className="block text-sm font-medium text-slate-700">
          {t("reason")}
        </label>
        <textarea
          id="rejection-reason"
          rows={4}
          maxLength={1000}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          aria-invalid={!!error}
          aria-describedby={error ? "rejection-reason-error" : undefined}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-500"
        />
        {error ? (
          <p id="rejection-reason-error" role="alert" className="text-xs text-red-600">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          onClick={() => void reject()}
          disabled={busy}
          className="inline-flex min-h-11 items-center rounded-md bg-red-600 px-5 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:bg-slate-400"
          data-testid="confirm-rejection"
        >
          {texts?.confirm ?? t("confirm")}
        </button>
        <SignButton tone="outline" onClick={() => router.push(pagePath(link, "home-page"))}>
          {t("back")}
        </SignButton>
      </div>
    </div>
  );
}
