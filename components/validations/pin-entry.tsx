"use client";

import { useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { SubmitButton } from "@/components/ui/submit-button";
import { Alert } from "@/components/ui/card";
import { callApi } from "@/components/client/api-client";

const length = 4;

/**
 * /loginvalidation: the link's PIN in four one-digit boxes (typing moves on, Backspace moves back, a pasted PIN
 * fills them all). A correct PIN starts the person's own validation process and opens its first page; any
 * refusal is said in the page's language, and the boxes empty for another try.
 */
export function PinEntry({ validationHexId }: { validationHexId: string }) {
  const t = useTranslations("validationLogin");
  const errors = useTranslations("errors");
  const screens = useTranslations("screens");
  const locale = useLocale();
  const [digits, setDigits] = useState<string[]>(Array(length).fill(""));
  const [error, setError] = useState<string | null>(null);
  // A used-up link cannot be tried again: the person is told whom to ask (spec §8).
  const [usedUp, setUsedUp] = useState(false);
  const [busy, setBusy] = useState(false);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const focus = (index: number) => boxes.current[Math.max(0, Math.min(length - 1, index))]?.focus();

  const fill = (start: number, typed: string) => {
    const clean = typed.replace(/\D/g, "").slice(0, length - start);
    if (!clean) return;
    setDigits((current) => current.map((d, i) => (i >= start && i < start + clean.length ? clean[i - start]! : d)));
    focus(start + clean.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Backspace" && !digits[index] && index > 0) {
      setDigits((current) => current.map((d, i) => (i === index - 1 ? "" : d)));
      focus(index - 1);
      event.preventDefault();
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData("text"));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const pin = digits.join("");
    if (!/^\d{4}$/.test(pin)) {
      setError(errors("VALIDATION_PIN_FORMAT"));
      return focus(digits.findIndex((d) => !d));
    }
    setBusy(true);
    setError(null);
    const result = await callApi<{ redirect: string }>(`/api/validation/${validationHexId}/login`, {
      body: { pin },
      locale,
      connectionLostMessage: errors("CONNECTION_LOST"),
    });
    if (result.ok) return window.location.assign(result.data.redirect);
    setBusy(false);
    setError(result.error.message || errors("SERVER_ERROR"));
    setUsedUp(result.error.errorCode === "MAX_USES_REACHED");
    setDigits(Array(length).fill(""));
    focus(0);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5" data-testid="pin-form">
      <fieldset>
        <legend className="mb-3 block text-sm font-medium text-slate-700">{t("pin")}</legend>
        <div className="flex justify-center gap-3">
          {digits.map((digit, index) => (
            <input
              key={index}
              ref={(element) => {
                boxes.current[index] = element;
              }}
              value={digit}
              onChange={(e) => {
                const typed = e.target.value.replace(/\D/g, "");
                if (!typed) return setDigits((current) => current.map((d, i) => (i === index ? "" : d)));
                // A box already holding a digit gets a second one typed before or after it: keep the new one.
                const replaced = typed.length === 2 && digit ? (typed[0] === digit ? typed[1]! : typed[0]!) : typed;
                fill(index, replaced);
              }}
              onKeyDown={(e) => onKeyDown(index, e)}
              onPaste={(e) => onPaste(index, e)}
              onFocus={(e) => e.target.select()}
              inputMode="numeric"
              autoComplete={index === 0 ? "one-time-code" : "off"}
              maxLength={length}
              aria-label={t("digit", { n: index + 1 })}
              aria-invalid={error ? true : undefined}
              autoFocus={index === 0}
              className="h-14 w-12 rounded-md border border-slate-300 bg-white text-center text-2xl font-semibold shadow-sm focus:outline-none focus:ring-2 aria-[invalid=true]:border-red-500"
              style={{ borderColor: digit ? "var(--sign-primary)" : undefined }}
              data-testid={`pin-digit-${index + 1}`}
            />
          ))}
        </div>
      </fieldset>
      {error ? (
        <div role="alert" data-testid="pin-error">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      {error && usedUp ? (
        <p className="text-sm text-slate-700" data-testid="validation-link-advice">
          {screens("maxNumberUsesAdvice")}
        </p>
      ) : null}
      <SubmitButton disabled={busy} className="w-full" style={{ backgroundColor: "var(--sign-primary)" }} data-testid="pin-submit">
        {busy ? t("submitting") : t("submit")}
      </SubmitButton>
      <p className="text-center text-xs text-slate-500">{t("help")}</p>
    </form>
  );
}
