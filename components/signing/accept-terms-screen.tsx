"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { type ReactNode, useState } from "react";
import { apiPath, nextPath, pagePath } from "@/lib/process-routes";
import { SignButton } from "./sign-button";
import { type SignerLink, useSignerApi } from "./use-signer-api";

/** accept-terms: the terms in full, a box to tick, and nothing goes on until it is ticked. */
export function AcceptTermsScreen({
  link,
  termsVersion,
  canReject,
  stepPage = "accept-terms",
  children,
}: {
  link: SignerLink;
  termsVersion: string;
  canReject: boolean;
  /** The page whose step accepts the terms: accept-terms for a signer, home-page for a validation. */
  stepPage?: string;
  children: ReactNode;
}) {
  const t = useTranslations("signing.acceptTerms");
  const router = useRouter();
  const { call, fail } = useSignerApi(link);
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState(false);

  async function accept() {
    setBusy(true);
    const result = await call<{ next: string }>(apiPath(link, `step/${stepPage}`), { accepted, termsVersion });
    setBusy(false);
    if (result.ok) router.push(nextPath(link, result.data.next));
    else fail(result.error);
  }

  return (
    <div className="space-y-4">
      {children}
      <label className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5 accent-[var(--sign-primary)]"
          checked={accepted}
          onChange={(e) => setAccepted(e.target.checked)}
          data-testid="accept-terms-checkbox"
        />
        <span className="text-slate-800">{t("checkbox")}</span>
      </label>
      <div className="flex flex-wrap gap-3">
        <SignButton onClick={() => void accept()} disabled={!accepted || busy} data-testid="accept-terms">
          {t("accept")}
        </SignButton>
        {canReject ? (
          <SignButton tone="outline" onClick={() => router.push(pagePath(link, "document-rejection"))}>
            {t("decline")}
          </SignButton>
        ) : null}
      </div>
    </div>
  );
}
