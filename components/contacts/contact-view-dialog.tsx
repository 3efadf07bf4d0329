"use client";

import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import { Modal } from "@/components/ui/dialog";
import { SelectField, TextField } from "@/components/ui/field";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { useFieldError } from "@/components/auth/use-form-errors";
import type { ContactView } from "@/lib/contacts/contact-view";
import { channelInput, channelTypes } from "@/lib/contacts/schemas";
import { isLocale } from "@/lib/i18n/config";
import { countryName } from "@/lib/i18n/text";
import { SubmitButton } from "@/components/ui/submit-button";

type ContactDetail = ContactView & { shipments: number };

type Props = {
  contactHexId: string;
  canUpdate: boolean;
  onClose: () => void;
  /** The list refreshes after any change made here. */
  onChanged: () => void;
};

type ChannelValues = { type: string; value: string };

/** Contact view: the contact's data, and its channels with add, make favourite and delete. */
export function ContactViewDialog({ contactHexId, canUpdate, onClose, onChanged }: Props) {
  const tList = useTranslations("contacts");
  const t = useTranslations("contacts.view");
  const tForm = useTranslations("contacts.form");
  const tTypes = useTranslations("contacts.channelTypes");
  const tLanguages = useTranslations("contacts.languages");
  const notices = useTranslations("contacts.notices");
  const api = useApi();
  const locale = useLocale();
  const fieldError = useFieldError();
  const [contact, setContact] = useState<ContactDetail | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, reset } = useForm<ChannelValues>({
    resolver: zodResolver(channelInput as never) as never,
    defaultValues: { type: "EMAIL", value: "" },
  });

  useEffect(() => {
    let current = true;
    void api<ContactDetail>(`/api/contacts/${contactHexId}`).then((result) => {
      if (!current) return;
      if (result.ok) setContact(result.data);
      else notifyApiError(result.error);
    });
    return () => {
      current = false;
    };
  }, [api, contactHexId]);

  const applied = (updated: ContactView, notice: string) => {
    setContact((previous) => (previous ? { ...previous, ...updated } : null));
    setActionError(null);
    notifySuccess(notice);
    onChanged();
  };

  const refused = (error: { errorCode: string; message: string }) => {
    setActionError(error.message);
    notifyApiError(error);
  };

  const addChannel = handleSubmit(async (values) => {
    const result = await api<ContactView>(`/api/contacts/${contactHexId}/channels`, { body: values });
    if (!result.ok) {
      const field = result.error.field === "type" ? "type" : "value";
      setError(field, { message: result.error.errorCode });
      return notifyApiError(result.error);
    }
    reset({ type: values.type, value: "" });
    applied(result.data, notices("channelAdded"));
  });

  const makeFavorite = async (channelHexId: string) => {
    const result = await api<ContactView>(`/api/contacts/${contactHexId}/channels/${channelHexId}/favorite`, { body: {} });
    if (result.ok) applied(result.data, notices("favoriteSaved"));
    else refused(result.error);
  };

  const deleteChannel = async (channelHexId: string) => {
    const result = await api<ContactView>(`/api/contacts/${contactHexId}/channels/${channelHexId}`, { method: "DELETE" });
    if (result.ok) applied(result.data, notices("channelDeleted"));
    else refused(result.error);
  };

  const language = (value: string) => tLanguages(value === "en-us" ? "enUs" : "esEs");

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={contact ? `${contact.name} ${contact.lastName}` : t("title")}
      width="max-w-2xl"
      testId="contact-view"
    >
      {!contact ? (
        <p className="text-sm text-slate-500">{tList("loading")}</p>
      ) : (
        <div className="space-y-6">
          <section>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">{t("data")}</h3>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
              {[
                [tForm("country"), countryName(contact.country, isLocale(locale) ? locale : "es-es")],
                [tForm("identType"), contact.identType],
                [tForm("identNumber"), contact.identNumber],
                [tForm("fingerprintCode"), contact.fingerprintCode],
                [tForm("preferredLanguage"), language(contact.preferredLanguage)],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt className="text-slate-500">{label}</dt>
                  <dd className="text-slate-900">{value || "—"}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-xs text-slate-500" data-testid="contact-shipments">
              {t("shipments", { count: contact.shipments })}
            </p>
          </section>

          <section>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">{t("channels")}</h3>
            {actionError ? <Alert tone="error">{actionError}</Alert> : null}
            <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200" data-testid="channel-list">
              {contact.channels.map((channel) => (
                <li
                  key={channel.channelHexId}
                  className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
                  data-testid="channel-row"
                  data-channel={channel.value}
                >
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-slate-900">{channel.value}</p>
                    <p className="text-xs text-slate-500">
                      {tTypes(channel.type)}
                      {channel.favorite ? (
                        <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-brand-800" data-testid="channel-favorite">
                          {t("favorite")}
                        </span>
                      ) : null}
                    </p>
                  </div>
                  {canUpdate ? (
                    <div className="flex gap-2">
                      {channel.favorite ? null : (
                        <Button type="button" variant="secondary" onClick={() => void makeFavorite(channel.channelHexId)}>
                          {t("makeFavorite")}
                        </Button>
                      )}
                      <Button
                        type="button"
                        variant="ghost"
                        onClick={() => void deleteChannel(channel.channelHexId)}
                        data-testid="channel-delete"
                      >
                        {t("deleteChannel")}
                      </Button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>

          {canUpdate ? (
            <form
              onSubmit={addChannel}
              noValidate
              className="space-y-3 rounded-md border border-slate-200 p-4"
              data-testid="channel-add-form"
            >
              <h3 className="text-sm font-semibold text-slate-900">{t("addChannel")}</h3>
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-[10rem_1fr]">
                <SelectField label={t("type")} error={fieldError(formState.errors.type)} {...register("type")}>
                  {channelTypes.map((type) => (
                    <option key={type} value={type}>
                      {tTypes(type)}
                    </option>
                  ))}
                </SelectField>
                <TextField label={t("value")} autoComplete="off" error={fieldError(formState.errors.value)} {...register("value")} />
              </div>
              <div className="flex justify-end">
                <SubmitButton disabled={formState.isSubmitting}>{t("add")}</SubmitButton>
              </div>
            </form>
          ) : null}

          <div className="flex justify-end">
            <Button type="button" variant="secondary" onClick={onClose}>
              {t("close")}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
