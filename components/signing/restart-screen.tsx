"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/card";
import { apiPath, nextPath } from "@/lib/process-routes";
import { SignButton } from "./sign-button";
import { type SignerLink, useSignerApi } from "./use-signer-api";

/** finishedAttempts: the attempt limit was reached; the signer starts again from the first step, here or on another device. */
export function RestartScreen({ link }: { link: SignerLink }) {
  const capture = useTranslations("capture");
  const t = useTranslations("signing.finishedAttempts");
  const router = useRouter();
  const { call, fail } = useSignerApi(link);
  const [busy, setBusy] = useState(false);

  async function restart() {
    setBusy(true);
    const result = await call<{ next: string }>(apiPath(link, "restart"), {});
    setBusy(false);
    if (result.ok) router.push(nextPath(link, result.data.next));
    else fail(result.error);
  }

  return (
    <div className="space-y-4">
      <Alert tone="error">
        <span data-testid="attempts-exhausted">{capture("attemptsExhausted")}</span>
      </Alert>
      <p className="text-slate-700">{t("otherDevice")}</p>
      <SignButton onClick={() => void restart()} disabled={busy} data-testid="restart-process">
        {t("restart")}
      </SignButton>
    </div>
  );
}
