"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { useFieldError } from "@/components/auth/use-form-errors";
import type { PrepareValues } from "./prepare-form";

/** One signer: a contact (names and channel come from the contact) or a new person typed here, plus their order and options. */
export function SignerRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  const t = useTranslations("prepareDocument.signers");
  const tLanguages = useTranslations("contacts.languages");
  const fieldError = useFieldError();
  const { register, control, formState } = useFormContext<PrepareValues>();
  const signer = useWatch({ control, name: `signers.${index}` });
  const errors = formState.errors.signers?.[index];
  const id = (name: string) => `signer-${index}-${name}`;
  const name = `${signer.firstName} ${signer.lastName}`.trim();

  return (
    <li className="rounded-md border border-slate-200 p-4" data-testid="signer-row" data-kind={signer.kind}>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-800">
          {signer.kind === "contact" ? t("contactSigner", { number: index + 1, name }) : t("newSigner", { number: index + 1 })}
        </legend>
        {signer.kind === "contact" ? (
          <p className="text-sm text-slate-600" data-testid="signer-contact">
            {signer.email || signer.cellPhone || t("channelOnSave")}
          </p>
        ) : (
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
            <TextField
              label={t("firstName")}
              id={id("firstName")}
              autoComplete="off"
              error={fieldError(errors?.firstName)}
              {...register(`signers.${index}.firstName`)}
            />
            <TextField
              label={t("lastName")}
              id={id("lastName")}
              autoComplete="off"
              error={fieldError(errors?.lastName)}
              {...register(`signers.${index}.lastName`)}
            />
            <TextField
              label={t("email")}
              id={id("email")}
              type="email"
              autoComplete="off"
              error={fieldError(errors?.email)}
              {...register(`signers.${index}.email`)}
            />
            <TextField
              label={t("cellPhone")}
              id={id("cellPhone")}
              type="tel"
              autoComplete="off"
              hint={t("phoneHint")}
              error={fieldError(errors?.cellPhone)}
              {...register(`signers.${index}.cellPhone`)}
            />
            <SelectField
              label={t("preferredLanguage")}
              id={id("preferredLanguage")}
              error={fieldError(errors?.preferredLanguage)}
              {...register(`signers.${index}.preferredLanguage`)}
            >
              <option value="es-es">{tLanguages("esEs")}</option>
              <option value="en-us">{tLanguages("enUs")}</option>
            </SelectField>
          </div>
        )}
        <div className="flex flex-wrap items-end gap-4">
          <div className="w-28">
            <TextField
              label={t("position")}
              id={id("position")}
              type="number"
              min={1}
              max={50}
              error={fieldError(errors?.position)}
              {...register(`signers.${index}.position`)}
            />
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="h-4 w-4" {...register(`signers.${index}.mandatory`)} />
            {t("mandatory")}
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="h-4 w-4" {...register(`signers.${index}.canReject`)} />
            {t("canReject")}
          </label>
          <Button
            type="button"
            variant="ghost"
            className="ml-auto px-2 py-1 text-xs"
            onClick={onRemove}
            aria-label={t("remove", { number: index + 1 })}
            data-testid="signer-remove"
          >
            {t("removeShort")}
          </Button>
        </div>
      </fieldset>
    </li>
  );
}
