"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { TextField } from "@/components/ui/field";
import type { SignatureProcessData } from "@/lib/signing/process-data";
import { apiPath, nextPath, pagePath } from "@/lib/process-routes";
import { type CountryOption, IdentityDocumentFields } from "./identity-document-fields";
import { SignButton } from "./sign-button";
import { type SignerLink, useSignerApi } from "./use-signer-api";
import { SignSubmitButton } from "@/components/ui/submit-button";

export type { CountryOption } from "./identity-document-fields";

type Values = { identType: string; identNumber: string; country: string; cellPhone: string };

/** data-confirm: the signer checks their data and completes what the sender left out; wrong data leads to rejection. */
export function DataConfirmScreen({ link, data, countries }: { link: SignerLink; data: SignatureProcessData; countries: CountryOption[] }) {
  const t = useTranslations("signing.dataConfirm");
  const router = useRouter();
  const { call, fail } = useSignerApi(link);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const { register, handleSubmit, control, formState } = useForm<Values>({
    defaultValues: {
      identType: data.identType ?? "",
      identNumber: data.identNumber ?? "",
      // The signer's country, else their organisation's (never simply the first in the list).
      country: countries.some((c) => c.code === data.defaultCountry) ? data.defaultCountry : (countries[0]?.code ?? ""),
      cellPhone: data.cellPhone ?? "",
    },
  });
  const country = useWatch({ control, name: "country" });

  const submit = handleSubmit(async (values) => {
    setFieldErrors({});
    const result = await call<{ next: string }>(apiPath(link, "step/data-confirm"), {
      identType: values.identType,
      identNumber: values.identNumber,
      country: values.country,
      ...(values.cellPhone.trim() ? { cellPhone: values.cellPhone.trim() } : {}),
    });
    if (result.ok) {
      router.push(nextPath(link, result.data.next));
      return;
    }
    const field = result.error.field;
    if (typeof field === "string" && ["identType", "identNumber", "country", "cellPhone"].includes(field)) {
      setFieldErrors({ [field]: result.error.message });
      return;
    }
    fail(result.error);
  });

  return (
    <form onSubmit={submit} className="space-y-5 rounded-lg border border-slate-200 bg-white p-5 shadow-sm" noValidate>
      <p className="text-slate-700">{t("intro")}</p>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-500">{t("firstName")}</dt>
          <dd className="font-medium text-slate-900" data-testid="confirm-first-name">
            {data.FirstNameSignee}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">{t("lastName")}</dt>
          <dd className="font-medium text-slate-900">{data.lastNameSignee}</dd>
        </div>
        {data.email ? (
          <div>
            <dt className="text-sm text-slate-500">{t("email")}</dt>
            <dd className="font-medium text-slate-900">{data.email}</dd>
          </div>
        ) : null}
      </dl>
      <div className="grid gap-4 sm:grid-cols-2">
        <IdentityDocumentFields
          countries={countries}
          chosenCountry={country}
          country={register("country")}
          identType={register("identType")}
          labels={{ country: t("country"), identType: t("identType"), choose: t("choose") }}
          errors={fieldErrors}
        />
        <TextField label={t("identNumber")} autoComplete="off" {...register("identNumber")} error={fieldErrors.identNumber} />
        <TextField
          label={t("cellPhone")}
          type="tel"
          autoComplete="tel"
          placeholder="+34600000000"
          {...register("cellPhone")}
          error={fieldErrors.cellPhone}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <SignSubmitButton disabled={formState.isSubmitting} data-testid="confirm-data">
          {t("confirm")}
        </SignSubmitButton>
        {data.canReject ? (
          <SignButton type="button" tone="outline" onClick={() => router.push(pagePath(link, "document-rejection"))}>
            {t("wrongData")}
          </SignButton>
        ) : null}
      </div>
    </form>
  );
}
