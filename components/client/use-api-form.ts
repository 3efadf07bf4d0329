"use client";

import { useCallback, useState } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { useTranslations } from "next-intl";
import { notifyApiError } from "./notify";
import type { ApiResult } from "./api-client";
import { useFieldError } from "@/components/auth/use-form-errors";

type Options<V extends FieldValues, R> = {
  /** The same zod rules the server applies; their messages are catalogue codes. */
  schema: z.ZodType;
  defaultValues: DefaultValues<V>;
  /** The form's fields: a server error naming one of them (meta.field) is shown under it, any other above the form. */
  fields: readonly (keyof V & string)[];
  /** Where the API names a field otherwise than the form (the API's name → the form's). */
  fieldAliases?: Record<string, keyof V & string>;
  /** Sends the checked values; the answer's error, if any, is mapped onto the fields. */
  send: (values: V) => Promise<ApiResult<R>>;
  onSaved: (data: R, values: V) => void | Promise<void>;
};

/**
 * react-hook-form with a zod resolver, posting to our API: client rules first, then a server error
 * under its field or above the form, and a notice either way. `submitting` holds while it is sent.
 */
export function useApiForm<V extends FieldValues, R = unknown>({
  schema,
  defaultValues,
  fields,
  fieldAliases,
  send,
  onSaved,
}: Options<V, R>) {
  const fieldError = useFieldError();
  const tErrors = useTranslations("errors");
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<V>({ resolver: zodResolver(schema as never) as never, defaultValues });
  const { handleSubmit, formState, setError, reset } = form;
  const startOver = useCallback(
    (values: DefaultValues<V>) => {
      setFormError(null);
      reset(values);
    },
    [reset],
  );

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await send(values);
    if (result.ok) return onSaved(result.data, values);
    const raw = typeof result.error.field === "string" ? result.error.field : undefined;
    const field = raw === undefined ? undefined : (fieldAliases?.[raw] ?? raw);
    if (field && (fields as readonly string[]).includes(field)) setError(field as Path<V>, { message: result.error.errorCode });
    else setFormError(result.error.message || tErrors("SERVER_ERROR"));
    notifyApiError(result.error);
  });

  return {
    register: form.register,
    control: form.control,
    submit,
    submitting: formState.isSubmitting,
    formError,
    /** The field's error in the user's language. */
    error: (name: keyof V & string) => fieldError(formState.errors[name] as Parameters<typeof fieldError>[0]),
    /** Starts over from `values` (another record to edit, or a blank form), clearing every error. */
    reset: startOver,
  };
}

export type ApiFormState<V extends FieldValues> = ReturnType<typeof useApiForm<V>>;
