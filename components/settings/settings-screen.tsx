"use client";

import { useState } from "react";
import { useForm, type FieldErrors, type Resolver } from "react-hook-form";
import { useTranslations } from "next-intl";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { useApi } from "@/components/client/use-api";
import { SubmitButton } from "@/components/ui/submit-button";
import { Alert, Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import type { CaptureSettingsView } from "@/lib/settings/capture-settings";
import {
  isPlatformOnly,
  problemFor,
  settingDescriptors,
  settingNames,
  settingSections,
  updateSettingsInput,
  type CaptureSettingsValues,
  type SettingDescriptor,
  type SettingName,
  type SettingProblem,
} from "@/lib/settings/capture-settings-schemas";

type Values = CaptureSettingsValues;

/** The screen's message for a refused value (the same bounds the server checks). */
function useProblemText() {
  const t = useTranslations("settings");
  return (problem: SettingProblem) => {
    if (problem.code === "SETTINGS_OUT_OF_BOUNDS") return t("errors.outOfBounds", { min: problem.min ?? 0, max: problem.max ?? 0 });
    if (problem.code === "SETTINGS_SIZE_INVALID") return t("errors.size", { min: problem.min ?? 0, max: problem.max ?? 0 });
    return t("errors.invalid");
  };
}

/** /setting: the organisation's capture settings. Platform-only settings are read-only unless the caller is a platform administrator. */
export function SettingsScreen({ initial }: { initial: CaptureSettingsView }) {
  const t = useTranslations("settings");
  const api = useApi();
  const problemText = useProblemText();
  const [view, setView] = useState(initial);
  const [formError, setFormError] = useState<string | null>(null);
  const editable = (name: SettingName) => view.platformEditable || !isPlatformOnly(name);
  // The snippet (code the platform adds to signer pages) is the platform's business: others do not see it at all.
  const visible = (name: SettingName) => view.platformEditable || !name.startsWith("snippet_");

  // Only what the caller may change is checked and sent.
  const resolver: Resolver<Values> = async (values) => {
    const body = Object.fromEntries(settingNames.filter(editable).map((name) => [name, values[name]]));
    const parsed = updateSettingsInput.safeParse(body);
    if (parsed.success) return { values: parsed.data as Values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? "");
      if (name && !errors[name]) errors[name] = { type: "validate", message: problemText(problemFor(name)) };
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };

  const { register, handleSubmit, formState, setError, reset } = useForm<Values>({ resolver, defaultValues: initial.values });
  // Read while rendering, so the form state tracks it (react-hook-form subscribes to what is read).
  const { isDirty } = formState;

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    if (!isDirty) {
      notifySuccess(t("nothingChanged"));
      return;
    }
    const result = await api<CaptureSettingsView>("/api/organization/settings", { method: "PUT", body: values });
    if (result.ok) {
      setView(result.data);
      reset(result.data.values);
      notifySuccess(t("saved"));
      return;
    }
    const field = result.error.field;
    if (typeof field === "string" && (settingNames as string[]).includes(field))
      setError(field as SettingName, { message: result.error.message });
    else setFormError(result.error.message);
    notifyApiError(result.error);
  });

  const shown = (value: unknown) => (typeof value === "boolean" ? (value ? t("enabled") : t("disabled")) : String(value) || "—");

  function field(name: SettingName) {
    const descriptor = settingDescriptors[name] as SettingDescriptor;
    const disabled = !editable(name);
    const error = formState.errors[name]?.message;
    const hint = disabled ? t("readOnly") : t("defaultValue", { value: shown(view.defaults[name]) });
    const testId = `setting-${name}`;
    if (descriptor.kind === "boolean")
      return (
        <div key={name} className="space-y-1">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <input type="checkbox" disabled={disabled} data-testid={testId} {...register(name)} />
            {t(`fields.${name}`)}
          </label>
          <p className="text-xs text-slate-500">{hint}</p>
        </div>
      );
    if (descriptor.kind === "code")
      return (
        <div key={name} className="space-y-1 sm:col-span-2">
          <label htmlFor={name} className="block text-sm font-medium text-slate-700">
            {t(`fields.${name}`)}
          </label>
          <textarea
            id={name}
            rows={5}
            spellCheck={false}
            disabled={disabled}
            maxLength={descriptor.max}
            aria-invalid={!!error}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs shadow-sm disabled:bg-slate-50"
            data-testid={testId}
            {...register(name)}
          />
          {error ? (
            <p role="alert" className="text-xs text-red-600">
              {error}
            </p>
          ) : (
            <p className="text-xs text-slate-500">{hint}</p>
          )}
        </div>
      );
    const numeric = descriptor.kind === "integer" || descriptor.kind === "decimal";
    return (
      <TextField
        key={name}
        label={t(`fields.${name}`)}
        type={numeric ? "number" : descriptor.kind === "url" ? "url" : "text"}
        inputMode={numeric ? "decimal" : undefined}
        min={numeric ? descriptor.min : undefined}
        max={numeric ? descriptor.max : undefined}
        step={descriptor.kind === "decimal" ? "0.01" : numeric ? "1" : undefined}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        hint={hint}
        error={error}
        data-testid={testId}
        {...register(name, numeric ? { valueAsNumber: true } : {})}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-6" data-testid="settings-form">
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {settingSections.map((section) => (
        <Card key={section.id} title={t(`sections.${section.id}`)}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{section.names.filter(visible).map(field)}</div>
        </Card>
      ))}
      <div className="flex justify-end">
        <SubmitButton disabled={formState.isSubmitting} data-testid="settings-save">
          {formState.isSubmitting ? t("saving") : t("save")}
        </SubmitButton>
      </div>
    </form>
  );
}
