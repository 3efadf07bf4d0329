"use client";

import { useState } from "react";
import { FormProvider, useForm, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTimeZone, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import type { ApiError } from "@/components/client/api-client";
import type { DraftView } from "@/lib/documents/draft-records";
import { DraftDataSection, type FlowOption } from "./draft-data-section";
import { DraftFilesSection, type DocumentTypeOption } from "./draft-files-section";
import { DraftNotificationsSection } from "./draft-notifications-section";
import { DraftSignersSection } from "./draft-signers-section";
import { FinishDialog } from "./finish-dialog";
import { isFormField, minimumKey, prepareSchema, requestBodies, valuesOf, type PrepareOutput, type PrepareValues } from "./prepare-form";
import { SubmitButton } from "@/components/ui/submit-button";

type Section = "files" | "signers" | "notifications" | "form";

/** Server errors without a field, shown on the section they concern. */
const sectionOf: Record<string, Section> = {
  SHIPMENT_FILE_REQUIRED: "files",
  SHIPMENT_SIGNER_REQUIRED: "signers",
  SHIPMENT_SIGNER_DUPLICATE: "signers",
  SHIPMENT_SIGNER_CHANNEL_REQUIRED: "signers",
  SHIPMENT_MIN_SIGNERS_INVALID: "signers",
  SHIPMENT_EXPIRATION_FIRST: "notifications",
  SHIPMENT_NOTIFICATION_DATE_INVALID: "notifications",
};

type Props = {
  initialDraft: DraftView | null;
  flows: FlowOption[];
  documentTypes: DocumentTypeOption[];
  maxUploadMb: number;
  canSearchContacts: boolean;
};

/**
 * /prepare-document: one form for data, signers and reminders, saved in that order; files go up on
 * their own. The first save creates the draft and puts its id in the address, so it can be resumed.
 */
export function PrepareDocumentScreen({ initialDraft, flows, documentTypes, maxUploadMb, canSearchContacts }: Props) {
  const t = useTranslations("prepareDocument");
  const api = useApi();
  const [draft, setDraft] = useState(initialDraft);
  const [sectionErrors, setSectionErrors] = useState<Partial<Record<Section, string>>>({});
  const [finishing, setFinishing] = useState(false);
  const defaultFlow = flows.find((f) => f.isDefault)?.flowHexId ?? "";
  // Dates are typed and shown on the organisation's clocks, whatever the browser's zone.
  const timeZone = useTimeZone() ?? "UTC";
  const form = useForm<PrepareValues, unknown, PrepareOutput>({
    resolver: zodResolver(prepareSchema as never) as never,
    defaultValues: valuesOf(initialDraft, defaultFlow, timeZone),
  });
  const { handleSubmit, setError, reset, formState } = form;

  const showError = (error: ApiError) => {
    notifyApiError(error);
    if (isFormField(error.field)) return setError(error.field as Path<PrepareValues>, { message: error.errorCode });
    if (error.errorCode === "SHIPMENT_FLOW_INVALID") return setError("flowHexId", { message: error.errorCode });
    if (error.errorCode === "SHIPMENT_EXPIRATION_INVALID") return setError("expirationDate", { message: error.errorCode });
    if (error.errorCode === "SHIPMENT_MIN_SIGNERS_INVALID" && typeof error.order === "number")
      return setError(`minimums.${minimumKey(error.order)}`, { message: error.errorCode });
    setSectionErrors({ [sectionOf[error.errorCode] ?? "form"]: error.message });
  };

  const fail = (error: ApiError) => {
    showError(error);
    return null;
  };

  /** Saves everything the form holds; the saved draft, or null when the server refused a part. */
  const save = async (values: PrepareOutput): Promise<DraftView | null> => {
    setSectionErrors({});
    const bodies = requestBodies(values);
    const saved = draft
      ? await api<DraftView>(`/api/documents/${draft.documentHexId}`, { method: "PUT", body: bodies.data })
      : await api<DraftView>("/api/documents", { method: "POST", body: bodies.data });
    if (!saved.ok) return fail(saved.error);
    let current = saved.data;
    setDraft(current);
    // The address names the draft from now on, without a server round trip that would reset the form.
    if (!draft) window.history.replaceState(null, "", `/prepare-document/${current.documentHexId}`);
    if (bodies.signers.signers.length > 0 || current.signers.length > 0) {
      const signers = await api<DraftView>(`/api/documents/${current.documentHexId}/signers`, { method: "PUT", body: bodies.signers });
      if (!signers.ok) return fail(signers.error);
      current = signers.data;
    }
    if (bodies.notifications.notifications.length > 0 || current.notifications.length > 0) {
      const notifications = await api<DraftView>(`/api/documents/${current.documentHexId}/notifications`, {
        method: "PUT",
        body: bodies.notifications,
      });
      if (!notifications.ok) return fail(notifications.error);
      current = notifications.data;
    }
    setDraft(current);
    reset(valuesOf(current, defaultFlow, timeZone));
    return current;
  };

  const onSave = handleSubmit(async (values) => {
    if (await save(values)) notifySuccess(t("saved"));
  });

  const onFinish = handleSubmit(async (values) => {
    if (await save(values)) setFinishing(true);
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSave} noValidate className="space-y-6" data-testid="prepare-document-form" aria-label={t("title")}>
        {sectionErrors.form ? <Alert tone="error">{sectionErrors.form}</Alert> : null}
        <DraftDataSection flows={flows} />
        <DraftFilesSection
          draft={draft}
          documentTypes={documentTypes}
          maxUploadMb={maxUploadMb}
          onDraftChange={setDraft}
          error={sectionErrors.files}
        />
        <DraftSignersSection canSearchContacts={canSearchContacts} error={sectionErrors.signers} />
        <DraftNotificationsSection error={sectionErrors.notifications} />
        <div className="sticky bottom-0 flex justify-end gap-2 border-t border-slate-200 bg-white/90 py-4 backdrop-blur">
          <SubmitButton variant="secondary" disabled={formState.isSubmitting} data-testid="prepare-save">
            {t("save")}
          </SubmitButton>
          <Button type="button" disabled={formState.isSubmitting} onClick={() => void onFinish()} data-testid="prepare-finish">
            {t("finishShipment")}
          </Button>
        </div>
      </form>
      {finishing && draft ? <FinishDialog draft={draft} onClose={() => setFinishing(false)} /> : null}
    </FormProvider>
  );
}
