"use client";

import { useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Alert } from "@/components/ui/card";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { finishSignIn, savePendingSignIn, usePendingSignIn, type PendingSignIn } from "./pending-sign-in";
import { SubmitButton } from "@/components/ui/submit-button";

type Verified = { token: string; result: number; changePassword: boolean; landingPage: string };

/** /securityCheck: the second factor of a sign-in (spec §4 "the verify step sets the token"). */
export function SecurityCheck() {
  const t = useTranslations("auth.securityCheck");
  const methods = useTranslations("auth.methods");
  const api = useApi();
  const stored = usePendingSignIn();
  const [switched, setPending] = useState<PendingSignIn | null>(null);
  const pending = switched ?? stored;
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (pending === undefined) return null;
  if (pending === null) {
    return (
      <Alert tone="info">
        {t("noPending")}{" "}
        <Link href="/signin" className="font-medium underline">
          {t("backToSignin")}
        </Link>
      </Alert>
    );
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await api<Verified>("/api/verify", { body: { code }, token: pending.token });
    setBusy(false);
    if (result.ok && result.data.result === 1) {
      await finishSignIn(result.data.token, {
        pathTo: pending.pathTo,
        landingPage: result.data.landingPage,
        changePassword: result.data.changePassword,
      });
      return;
    }
    if (!result.ok) {
      setError(result.error.message);
      notifyApiError(result.error);
    }
  };

  const switchTo = async (method: PendingSignIn["mfaMethodRequired"]) => {
    const result = await api<{ mfaMethodRequired: PendingSignIn["mfaMethodRequired"] }>("/api/mfa/send-code", {
      body: { method },
      token: pending.token,
    });
    if (!result.ok) {
      notifyApiError(result.error);
      return;
    }
    const next = { ...pending, mfaMethodRequired: result.data.mfaMethodRequired };
    savePendingSignIn(next);
    setPending(next);
    if (method !== "TOTP") notifySuccess(t("codeSent"));
  };

  return (
    <form onSubmit={submit} className="space-y-4" data-testid="security-check">
      <Alert tone="info">{t(`instructions.${pending.mfaMethodRequired}`)}</Alert>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        label={t("code")}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
        autoFocus
      />
      <SubmitButton className="w-full" disabled={busy || code.length !== 6}>
        {t("verify")}
      </SubmitButton>
      <div className="space-y-1 text-sm text-slate-600">
        <p>{t("other")}</p>
        <div className="flex flex-wrap gap-2">
          {(["TOTP", "EMAIL", "SMS"] as const)
            .filter((m) => m !== pending.mfaMethodRequired)
            .map((m) => (
              <Button key={m} type="button" variant="secondary" onClick={() => void switchTo(m)}>
                {methods(m)}
              </Button>
            ))}
          {pending.mfaMethodRequired !== "TOTP" ? (
            <Button type="button" variant="ghost" onClick={() => void switchTo(pending.mfaMethodRequired)}>
              {t("resend")}
            </Button>
          ) : null}
        </div>
      </div>
    </form>
  );
}
