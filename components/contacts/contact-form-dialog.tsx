"use client";

import { useState } from "react";
import { useForm, useWatch, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import { Modal } from "@/components/ui/dialog";
import { SelectField, TextField } from "@/components/ui/field";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { useFieldError } from "@/components/auth/use-form-errors";
import type { ContactView } from "@/lib/contacts/contact-view";
import { createContactInput, updateContactInput } from "@/lib/contacts/schemas";

export type CountryOption = { code: string; name: string; identTypes: { code: string; name: string }[] };

type Values = {
  name: string;
  lastName: string;
  country: string;
  identType: string;
  identNumber: string;
  fingerprintCode: string;
  email: string;
  phone: string;
  preferredLanguage: string;
};

const fieldNames: (keyof Values)[] = [
  "name",
  "lastName",
  "country",
  "identType",
  "identNumber",
  "fingerprintCode",
  "email",
  "phone",
  "preferredLanguage",
];

function defaultsOf(contact: ContactView | null, defaultCountry: string): Values {
  return {
    name: contact?.name ?? "",
    lastName: contact?.lastName ?? "",
    country: contact ? (contact.country ?? "") : defaultCountry,
    identType: contact?.identType ?? "",
    identNumber: contact?.identNumber ?? "",
    fingerprintCode: contact?.fingerprintCode ?? "",
    email: "",
    phone: "",
    preferredLanguage: contact?.preferredLanguage ?? "es-es",
  };
}

type Props = {
  /** null creates a new contact. */
  contact: ContactView | null;
  countries: CountryOption[];
  /** A new contact starts in the organisation's country. */
  defaultCountry: string;
  onClose: () => void;
  onSaved: (contact: ContactView) => void;
};

/** Create or edit a contact. Mounted only while open, so each opening starts from the contact's current data. */
export function ContactFormDialog({ contact, countries, defaultCountry, onClose, onSaved }: Props) {
  const t = useTranslations("contacts.form");
  const tLanguages = useTranslations("contacts.languages");
  const notices = useTranslations("contacts.notices");
  const api = useApi();
  const fieldError = useFieldError();
  const [formError, setFormError] = useState<string | null>(null);
  const editing = contact !== null;
  const { register, handleSubmit, formState, setError, control } = useForm<Values>({
    resolver: zodResolver((editing ? updateContactInput : createContactInput) as never) as never,
    defaultValues: defaultsOf(contact, countries.some((c) => c.code === defaultCountry) ? defaultCountry : ""),
  });

  const country = useWatch({ control, name: "country" });
  const selected = countries.find((c) => c.code === country);
  const known = selected ? selected.identTypes : [...new Map(countries.flatMap((c) => c.identTypes).map((i) => [i.code, i])).values()];
  // An imported contact may carry a type the country list lacks; keep it choosable rather than lose it on save.
  const current = contact?.identType;
  const identTypes = current && !known.some((i) => i.code === current) ? [...known, { code: current, name: current }] : known;

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const result = contact
      ? await api<ContactView>(`/api/contacts/${contact.contactHexId}`, { method: "PUT", body: values })
      : await api<ContactView>("/api/contacts", { method: "POST", body: values });
    if (result.ok) {
      notifySuccess(notices(editing ? "updated" : "created"));
      onSaved(result.data);
      return;
    }
    const field = result.error.field;
    if (typeof field === "string" && (fieldNames as string[]).includes(field))
      setError(field as Path<Values>, { message: result.error.errorCode });
    else setFormError(result.error.message);
    notifyApiError(result.error);
  });

  const error = (name: keyof Values) => fieldError(formState.errors[name]);

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={editing ? t("editTitle") : t("createTitle")}
      description={t("description")}
      testId="contact-form-dialog"
    >
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="contact-form">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label={t("name")} autoComplete="off" error={error("name")} {...register("name")} />
          <TextField label={t("lastName")} autoComplete="off" error={error("lastName")} {...register("lastName")} />
          <SelectField label={t("country")} error={error("country")} {...register("country")}>
            <option value="">{t("none")}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("identType")} error={error("identType")} {...register("identType")}>
            <option value="">{t("none")}</option>
            {identTypes.map((i) => (
              <option key={i.code} value={i.code}>
                {i.name}
              </option>
            ))}
          </SelectField>
          <TextField label={t("identNumber")} autoComplete="off" error={error("identNumber")} {...register("identNumber")} />
          <TextField label={t("fingerprintCode")} autoComplete="off" error={error("fingerprintCode")} {...register("fingerprintCode")} />
          {editing ? null : (
            <>
              <TextField label={t("email")} type="email" autoComplete="off" error={error("email")} {...register("email")} />
              <TextField
                label={t("phone")}
                type="tel"
                autoComplete="off"
                hint={t("phoneHint")}
                error={error("phone")}
                {...register("phone")}
              />
            </>
          )}
          <SelectField label={t("preferredLanguage")} error={error("preferredLanguage")} {...register("preferredLanguage")}>
            <option value="es-es">{tLanguages("esEs")}</option>
            <option value="en-us">{tLanguages("enUs")}</option>
          </SelectField>
        </div>
        {editing ? null : <p className="text-xs text-slate-500">{t("channelsHint")}</p>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit" disabled={formState.isSubmitting}>
            {t("save")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
