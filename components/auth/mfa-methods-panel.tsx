"use client";

import { useCallback, useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Alert } from "@/components/ui/card";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { finishSignIn, usePendingSignIn } from "./pending-sign-in";
import { SubmitButton } from "@/components/ui/submit-button";

type Method = {
  type: "TOTP" | "EMAIL" | "SMS";
  active: boolean;
  favorite: boolean;
  requiredByOrganization: boolean;
  target: string | null;
};
type Activation = { type: Method["type"]; secret?: string; uri?: string; qr?: string };
type Confirmed = { activated: boolean; token?: string };

/**
 * Lists, activates, favours and deactivates MFA methods. Used signed in (profile) and during a
 * sign-in whose organisation requires a method the user has not activated yet (pendingToken).
 */
export function MfaMethodsPanel({ mode }: { mode: "profile" | "activation" }) {
  const t = useTranslations("auth.mfa");
  const methodNames = useTranslations("auth.methods");
  const api = useApi();
  const stored = usePendingSignIn();
  const pending = mode === "activation" ? stored : null;
  const [methods, setMethods] = useState<Method[] | null>(null);
  const [activation, setActivation] = useState<Activation | null>(null);
  const [code, setCode] = useState("");
  const [turningOff, setTurningOff] = useState<Method["type"] | null>(null);
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);

  const token = mode === "activation" ? (pending?.token ?? null) : null;

  const load = useCallback(
    (bearer: string | null) =>
      api<{ _embedded: { methods: Method[] } }>("/api/mfa/methods", { token: bearer }).then((result) => {
        if (result.ok) setMethods(result.data._embedded.methods);
        else setLoadError(result.error.message);
      }),
    [api],
  );

  const waiting = mode === "activation" && stored === undefined;
  const noPending = mode === "activation" && stored === null;

  useEffect(() => {
    if (waiting || noPending) return;
    let current = true;
    void api<{ _embedded: { methods: Method[] } }>("/api/mfa/methods", { token }).then((result) => {
      if (!current) return;
      if (result.ok) setMethods(result.data._embedded.methods);
      else setLoadError(result.error.message);
    });
    return () => {
      current = false;
    };
  }, [waiting, noPending, token, api]);

  const start = async (type: Method["type"]) => {
    const result = await api<Activation>(`/api/mfa/methods/${type}/activate`, { body: {}, token });
    if (!result.ok) return notifyApiError(result.error);
    setCode("");
    setActivation(result.data);
    if (type !== "TOTP") notifySuccess(t("codeSent"));
  };

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!activation) return;
    const result = await api<Confirmed>(`/api/mfa/methods/${activation.type}/confirm`, { body: { code }, token });
    if (!result.ok) return notifyApiError(result.error);
    notifySuccess(t("activated"));
    setActivation(null);
    if (result.data.token) {
      await finishSignIn(result.data.token, { pathTo: pending?.pathTo ?? null });
      return;
    }
    await load(token);
  };

  const favorite = async (type: Method["type"]) => {
    const result = await api(`/api/mfa/methods/${type}/favorite`, { body: {} });
    if (!result.ok) return notifyApiError(result.error);
    notifySuccess(t("favoriteSaved"));
    await load(null);
  };

  const askPassword = (type: Method["type"]) => {
    setActivation(null);
    setPassword("");
    setPasswordError(undefined);
    setTurningOff(type);
  };

  // Turning a method off asks for the current password again (the API refuses it without).
  const deactivate = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!turningOff) return;
    const result = await api(`/api/mfa/methods/${turningOff}`, { method: "DELETE", body: { password } });
    if (!result.ok) {
      if (result.error.errorCode === "OLD_PASSWORD_MISMATCH" || result.error.errorCode === "PASSWORD_EMPTY")
        return setPasswordError(result.error.message);
      return notifyApiError(result.error);
    }
    setTurningOff(null);
    setPassword("");
    notifySuccess(t("deactivated"));
    await load(null);
  };

  if (loadError) return <Alert tone="error">{loadError}</Alert>;
  if (noPending) return <Alert tone="info">{t("noPending")}</Alert>;
  if (!methods) return <p className="text-sm text-slate-500">{t("loading")}</p>;

  return (
    <div className="space-y-4" data-testid="mfa-methods">
      {mode === "activation" && pending ? (
        <Alert tone="info">{t("required", { method: methodNames(pending.mfaMethodRequired) })}</Alert>
      ) : null}
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
        {methods
          .filter((m) => mode === "profile" || m.type === pending?.mfaMethodRequired)
          .map((m) => (
            <li key={m.type} className="flex flex-wrap items-center justify-between gap-3 p-4" data-method={m.type}>
              <div>
                <p className="font-medium text-slate-900">{methodNames(m.type)}</p>
                <p className="text-xs text-slate-500">
                  {m.active ? t("active") : t("inactive")}
                  {m.favorite ? ` · ${t("favorite")}` : ""}
                  {m.requiredByOrganization ? ` · ${t("requiredByOrganization")}` : ""}
                  {m.target ? ` · ${m.target}` : ""}
                </p>
              </div>
              <div className="flex gap-2">
                {!m.active ? (
                  <Button type="button" onClick={() => void start(m.type)}>
                    {t("activate")}
                  </Button>
                ) : null}
                {mode === "profile" && !m.favorite ? (
                  <Button type="button" variant="secondary" onClick={() => void favorite(m.type)}>
                    {t("makeFavorite")}
                  </Button>
                ) : null}
                {mode === "profile" && m.active ? (
                  <Button type="button" variant="ghost" onClick={() => askPassword(m.type)}>
                    {t("deactivate")}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
      </ul>
      {turningOff ? (
        <form onSubmit={deactivate} className="space-y-3 rounded-md border border-slate-200 bg-white p-4" data-testid="mfa-deactivation">
          <p className="text-sm text-slate-700">{t("deactivateConfirm", { method: methodNames(turningOff) })}</p>
          <TextField
            label={t("currentPassword")}
            name="mfa-deactivate-password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={passwordError}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="flex gap-2">
            <SubmitButton disabled={password.length === 0}>{t("deactivate")}</SubmitButton>
            <Button type="button" variant="secondary" onClick={() => setTurningOff(null)}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      ) : null}
      {activation ? (
        <form onSubmit={confirm} className="space-y-3 rounded-md border border-slate-200 bg-white p-4" data-testid="mfa-activation">
          {activation.qr ? (
            <div className="space-y-2">
              <p className="text-sm text-slate-700">{t("scan")}</p>
              {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL generated on the server */}
              <img src={activation.qr} alt={t("qrAlt")} width={220} height={220} />
              <p className="text-xs text-slate-500">
                {t("manualKey")} <code data-testid="totp-secret">{activation.secret}</code>
              </p>
            </div>
          ) : (
            <p className="text-sm text-slate-700">{t("enterCode")}</p>
          )}
          <TextField
            label={t("code")}
            name="activation-code"
            inputMode="numeric"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
          />
          <SubmitButton disabled={code.length !== 6}>{t("confirm")}</SubmitButton>
        </form>
      ) : null}
    </div>
  );
}
