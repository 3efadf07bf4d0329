"use client";

import { useWatch } from "react-hook-form";
import { useTranslations } from "next-intl";
import { SelectField, TextField } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { useApi } from "@/components/client/use-api";
import { useApiForm } from "@/components/client/use-api-form";
import { notifySuccess } from "@/components/client/notify";
import type { ContactView } from "@/lib/contacts/contact-view";
import { contactColumns, createContactInput, updateContactInput } from "@/lib/contacts/schemas";

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
  const editing = contact !== null;
  const form = useApiForm<Values, ContactView>({
    schema: editing ? updateContactInput : createContactInput,
    defaultValues: defaultsOf(contact, countries.some((c) => c.code === defaultCountry) ? defaultCountry : ""),
    fields: contactColumns,
    send: (body) =>
      contact ? api(`/api/contacts/${contact.contactHexId}`, { method: "PUT", body }) : api("/api/contacts", { method: "POST", body }),
    onSaved: (saved) => {
      notifySuccess(notices(editing ? "updated" : "created"));
      onSaved(saved);
    },
  });
  const { register, error } = form;

  const country = useWatch({ control: form.control, name: "country" });
  const selected = countries.find((c) => c.code === country);
  const known = selected ? selected.identTypes : [...new Map(countries.flatMap((c) => c.identTypes).map((i) => [i.code, i])).values()];
  // An imported contact may carry a type the country list lacks; keep it choosable rather than lose it on save.
  const current = contact?.identType;
  const identTypes = current && !known.some((i) => i.code === current) ? [...known, { code: current, name: current }] : known;

  return (
    <FormDialog
      form={form}
      title={editing ? t("editTitle") : t("createTitle")}
      description={t("description")}
      testId="contact-form-dialog"
      formTestId="contact-form"
      submitLabel={t("save")}
      cancelLabel={t("cancel")}
      onClose={onClose}
    >
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
    </FormDialog>
  );
}
