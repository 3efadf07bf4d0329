"use client";

import { useState } from "react";
import { useForm, type FieldValues, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { Alert } from "@/components/ui/card";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { useFieldError } from "./use-form-errors";

export type FieldDef = {
  name: string;
  label: string;
  type?: "text" | "email" | "password" | "tel";
  autoComplete?: string;
  hint?: string;
  options?: { value: string; label: string }[];
};

type Props<S extends z.ZodType<FieldValues, FieldValues>> = {
  schema: S;
  fields: FieldDef[];
  endpoint: string;
  /** POST unless given: PATCH for an edit form. */
  method?: "POST" | "PUT" | "PATCH";
  submitLabel: string;
  successMessage?: string;
  defaultValues?: Partial<z.input<S>>;
  /** Runs after a 2xx answer; the default shows successMessage. */
  onSuccess?: (data: unknown, values: z.output<S>) => void | Promise<void>;
  testId?: string;
};

/**
 * A form posting JSON to one of our endpoints: the same zod rules as the server check the fields
 * first, and a server error is shown next to its field (meta.field) or above the form.
 */
export function ApiForm<S extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  fields,
  endpoint,
  method,
  submitLabel,
  successMessage,
  defaultValues,
  onSuccess,
  testId,
}: Props<S>) {
  const api = useApi();
  const fieldError = useFieldError();
  const tErrors = useTranslations("errors");
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaultValues as never,
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await api(endpoint, { method, body: values });
    if (result.ok) {
      if (onSuccess) await onSuccess(result.data, values);
      else if (successMessage) {
        setDone(successMessage);
        notifySuccess(successMessage);
      }
      return;
    }
    const field = typeof result.error.field === "string" ? result.error.field : undefined;
    if (field && fields.some((f) => f.name === field)) setError(field as Path<z.input<S>>, { message: result.error.errorCode });
    else setFormError(result.error.message || tErrors("SERVER_ERROR"));
    notifyApiError(result.error);
  });

  if (done) return <Alert tone="success">{done}</Alert>;

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid={testId}>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {fields.map((f) => {
        const error = fieldError(formState.errors[f.name] as never);
        const registered = register(f.name as Path<z.input<S>>);
        return f.options ? (
          <SelectField key={f.name} label={f.label} error={error} {...registered}>
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            key={f.name}
            label={f.label}
            type={f.type ?? "text"}
            autoComplete={f.autoComplete}
            hint={f.hint}
            error={error}
            {...registered}
          />
        );
      })}
      <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
