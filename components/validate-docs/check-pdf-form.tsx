"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/ui/card";
import { SubmitButton } from "@/components/ui/submit-button";

type Outcome = { tone: "success" | "error"; text: string; testId: string };

/** "Check a PDF": posts the chosen file to the public check and says whether it is the sealed file. */
export function CheckPdfForm({ signatureHexId }: { signatureHexId: string }) {
  const t = useTranslations("validateDocs");
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    setOutcome(null);
    try {
      const form = new FormData();
      form.set("file", file);
      const response = await fetch(`/api/validateDocs/${encodeURIComponent(signatureHexId)}/check`, { method: "POST", body: form });
      const body = (await response.json().catch(() => ({}))) as {
        identical?: boolean;
        certificate?: boolean;
        validationCertificate?: boolean;
        message?: string;
      };
      if (!response.ok) setOutcome({ tone: "error", text: body.message ?? response.statusText, testId: "check-error" });
      else if (body.identical)
        setOutcome({
          tone: "success",
          text: t(body.validationCertificate ? "identicalValidationCertificate" : body.certificate ? "identicalCertificate" : "identical"),
          testId: "check-identical",
        });
      else setOutcome({ tone: "error", text: t("different"), testId: "check-different" });
    } catch (error) {
      setOutcome({ tone: "error", text: error instanceof Error ? error.message : String(error), testId: "check-error" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-busy={busy}>
      <p className="text-sm text-slate-700">{t("checkHelp")}</p>
      <label className="block text-sm font-medium text-slate-800">
        {t("checkFile")}
        <input
          type="file"
          name="file"
          accept="application/pdf,.pdf"
          data-testid="check-file"
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setOutcome(null);
          }}
        />
      </label>
      <SubmitButton disabled={!file || busy} data-testid="check-submit">
        {t("checkSubmit")}
      </SubmitButton>
      <div aria-live="polite">
        {outcome ? (
          <Alert tone={outcome.tone}>
            <span data-testid={outcome.testId}>{outcome.text}</span>
          </Alert>
        ) : null}
      </div>
    </form>
  );
}
