"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { SignButton } from "@/components/signing/sign-button";
import { type CountryOption, IdentityDocumentFields } from "@/components/signing/identity-document-fields";
import { useSignerApi } from "@/components/signing/use-signer-api";
import { TextField } from "@/components/ui/field";
import { apiPath, nextPath, pagePath, type ProcessLink } from "@/lib/process-routes";
import { type PersonField, personFields, type ValidatedPerson } from "@/lib/validation-process/person";
import { SignSubmitButton } from "@/components/ui/submit-button";

const fields = personFields;
type Field = PersonField;
export type PersonData = ValidatedPerson;
type Values = Record<Field, string>;

/**
 * data-capture-validation: the person's names, identity document (country, type, number) and optional contact, as
 * on their ID; the server checks them (its errors are said beside each field) and the confirmation page follows.
 */
export function ValidationDataScreen({
  link,
  person,
  defaultCountry,
  countries,
}: {
  link: ProcessLink;
  person: PersonData;
  defaultCountry: string | null;
  countries: CountryOption[];
}) {
  const t = useTranslations("validationProcess.data");
  const label = useTranslations("signing.dataConfirm");
  const decline = useTranslations("validationProcess.confirm");
  const router = useRouter();
  const { call, fail } = useSignerApi(link);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const country = person.country ?? defaultCountry;
  const { register, handleSubmit, control, formState } = useForm<Values>({
    defaultValues: {
      ...Object.fromEntries(fields.map((field) => [field, person[field] ?? ""])),
      country: countries.some((c) => c.code === country) ? country! : (countries[0]?.code ?? ""),
    } as Values,
  });
  const chosen = useWatch({ control, name: "country" });

  const submit = handleSubmit(async (values) => {
    setFieldErrors({});
    const body = Object.fromEntries(fields.map((field) => [field, values[field].trim()]).filter(([, value]) => value !== ""));
    const result = await call<{ next: string }>(apiPath(link, "step/data-capture-validation"), body);
    if (result.ok) {
      router.push(nextPath(link, result.data.next));
      return;
    }
    const field = result.error.field;
    if (typeof field === "string" && (fields as readonly string[]).includes(field)) {
      setFieldErrors({ [field]: result.error.message });
      return;
    }
    fail(result.error);
  });

  return (
    <form onSubmit={submit} className="space-y-5 rounded-lg border border-slate-200 bg-white p-5 shadow-sm" noValidate>
      <p className="text-slate-700">{t("intro")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={label("firstName")} autoComplete="given-name" required {...register("firstName")} error={fieldErrors.firstName} />
        <TextField label={label("lastName")} autoComplete="family-name" required {...register("lastName")} error={fieldErrors.lastName} />
        <IdentityDocumentFields
          countries={countries}
          chosenCountry={chosen}
          country={register("country")}
          identType={register("identType")}
          labels={{ country: label("country"), identType: label("identType"), choose: label("choose") }}
          errors={fieldErrors}
        />
        <TextField label={label("identNumber")} autoComplete="off" required {...register("identNumber")} error={fieldErrors.identNumber} />
        <TextField
          label={t("optional", { label: label("email") })}
          type="email"
          autoComplete="email"
          {...register("email")}
          error={fieldErrors.email}
        />
        <TextField
          label={t("optional", { label: label("cellPhone") })}
          type="tel"
          autoComplete="tel"
          placeholder="+34600000000"
          {...register("cellPhone")}
          error={fieldErrors.cellPhone}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <SignSubmitButton disabled={formState.isSubmitting} data-testid="submit-validation-data">
          {t("continue")}
        </SignSubmitButton>
        <SignButton type="button" tone="outline" onClick={() => router.push(pagePath(link, "document-rejection"))}>
          {decline("reject")}
        </SignButton>
      </div>
    </form>
  );
}

/** data-confirm: the details as sent, to confirm (the step is then done), correct, or decline the validation. */
export function ValidationConfirmScreen({
  link,
  person,
  labels,
}: {
  link: ProcessLink;
  person: PersonData;
  labels: Partial<Record<Field, string>>;
}) {
  const t = useTranslations("validationProcess.confirm");
  const label = useTranslations("signing.dataConfirm");
  const router = useRouter();
  const { call, fail } = useSignerApi(link);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    const result = await call<{ next: string }>(apiPath(link, "step/data-confirm"), { confirmed: true });
    setBusy(false);
    if (result.ok) router.push(nextPath(link, result.data.next));
    else fail(result.error);
  }

  return (
    <div className="space-y-5 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-slate-700">{t("intro")}</p>
      <dl className="grid gap-3 sm:grid-cols-2" data-testid="validation-data">
        {fields
          .filter((field) => person[field])
          .map((field) => (
            <div key={field}>
              <dt className="text-sm text-slate-500">{label(field)}</dt>
              <dd className="font-medium break-words text-slate-900" data-testid={`validation-data-${field}`}>
                {labels[field] ?? person[field]}
              </dd>
            </div>
          ))}
      </dl>
      <div className="flex flex-wrap gap-3">
        <SignButton onClick={() => void confirm()} disabled={busy} data-testid="confirm-validation-data">
          {t("confirm")}
        </SignButton>
        <SignButton
          tone="outline"
          onClick={() => router.push(pagePath(link, "data-capture-validation"))}
          data-testid="edit-validation-data"
        >
          {t("edit")}
        </SignButton>
        <SignButton tone="outline" onClick={() => router.push(pagePath(link, "document-rejection"))} data-testid="decline-validation">
          {t("reject")}
        </SignButton>
      </div>
    </div>
  );
}
