"use client";

import { useState } from "react";
import type { DefaultValues, FieldValues } from "react-hook-form";
import type { z } from "zod";
import { SubmitButton } from "@/components/ui/submit-button";
import { SelectField, TextField } from "@/components/ui/field";
import { Alert } from "@/components/ui/card";
import { useApi } from "@/components/client/use-api";
import { useApiForm } from "@/components/client/use-api-form";
import { notifySuccess } from "@/components/client/notify";

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
  const [done, setDone] = useState<string | null>(null);
  const form = useApiForm<FieldValues>({
    schema,
    defaultValues: (defaultValues ?? {}) as DefaultValues<FieldValues>,
    fields: fields.map((f) => f.name),
    send: (values) => api(endpoint, { method, body: values }),
    onSaved: async (data, values) => {
      if (onSuccess) await onSuccess(data, values as z.output<S>);
      else if (successMessage) {
        setDone(successMessage);
        notifySuccess(successMessage);
      }
    },
  });

  if (done) return <Alert tone="success">{done}</Alert>;

  return (
    <form onSubmit={form.submit} noValidate className="space-y-4" data-testid={testId}>
      {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}
      {fields.map((f) => {
        const error = form.error(f.name);
        const registered = form.register(f.name);
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
      <SubmitButton className="w-full" disabled={form.submitting}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
