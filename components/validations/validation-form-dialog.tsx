"use client";

import { useMemo, useState } from "react";
import { useForm, type Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/card";
import { Modal } from "@/components/ui/dialog";
import { SelectField, TextField } from "@/components/ui/field";
import { useApi } from "@/components/client/use-api";
import { notifyApiError, notifySuccess } from "@/components/client/notify";
import { useFieldError } from "@/components/auth/use-form-errors";
import type { ValidationFlowOption } from "@/lib/validations/flow-options";
import { userLocations, validationLinkFormSchema, type UserLocation, type ValidationLinkView } from "@/lib/validations/schemas";
import { SubmitButton } from "@/components/ui/submit-button";

type Values = { flowHexId: string; expirationLocal: string; description: string; pin: string; maxUses: string; userLocation: UserLocation };

const fieldNames: (keyof Values)[] = ["flowHexId", "expirationLocal", "description", "pin", "maxUses", "userLocation"];
// The API's names for the fields the form shows differently.
const formField: Record<string, keyof Values> = { expirationDate: "expirationLocal" };

/** What the saved link's QR dialog needs. */
export type SavedLink = Pick<ValidationLinkView, "validationHexId" | "url" | "description">;

type Props = {
  /** null creates a new link. */
  link: ValidationLinkView | null;
  flows: ValidationFlowOption[];
  onClose: () => void;
  /** The new link after a creation (its QR code is shown next), null after an edit. */
  onSaved: (created: SavedLink | null) => void;
};

/** A date as the datetime-local input shows it, in the browser's time zone. */
function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Create or edit a validation link. Mounted only while open, so each opening starts from the link's current data. */
export function ValidationFormDialog({ link, flows, onClose, onSaved }: Props) {
  const t = useTranslations("validations.form");
  const notices = useTranslations("validations.notices");
  const labels = useTranslations("validations");
  const api = useApi();
  const fieldError = useFieldError();
  const [formError, setFormError] = useState<string | null>(null);
  const editing = link !== null;
  const schema = useMemo(() => validationLinkFormSchema(editing), [editing]);
  // A new link expires in 30 days unless staff choose otherwise; read once, when the dialog opens.
  const [proposedExpiry] = useState(() => new Date(Date.now() + 30 * 86_400_000));
  // The link's flow may have been deactivated since; keep it choosable so saving other fields does not drop it.
  const options =
    link && !flows.some((f) => f.flowHexId === link.flowHexId)
      ? [...flows, { flowHexId: link.flowHexId, name: link.flowName, isDefault: false }]
      : flows;
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: {
      flowHexId: link?.flowHexId ?? flows.find((f) => f.isDefault)?.flowHexId ?? flows[0]?.flowHexId ?? "",
      expirationLocal: toLocalInput(link ? new Date(link.expirationDate) : proposedExpiry),
      description: link?.description ?? "",
      pin: "",
      maxUses: link?.maxUses ? String(link.maxUses) : "",
      userLocation: link?.userLocation ?? "NONE",
    },
  });

  const submit = handleSubmit(async ({ expirationLocal, maxUses, pin, ...values }) => {
    setFormError(null);
    const body = {
      ...values,
      expirationDate: new Date(expirationLocal).toISOString(),
      maxUses: maxUses ? Number(maxUses) : null,
      ...(pin ? { pin } : {}),
    };
    if (link) {
      const result = await api<ValidationLinkView>(`/api/validations/${link.validationHexId}`, { method: "PUT", body });
      if (result.ok) {
        notifySuccess(notices("updated"));
        return onSaved(null);
      }
      return showError(result.error);
    }
    const result = await api<{ validationHexId: string; url: string }>("/api/validations", { method: "POST", body });
    if (result.ok) {
      notifySuccess(notices("created"));
      return onSaved({ ...result.data, description: values.description });
    }
    showError(result.error);
  });

  const showError = (error: { errorCode: string; message: string; field?: unknown }) => {
    const raw = error.field;
    const field = typeof raw === "string" ? (formField[raw] ?? raw) : undefined;
    if (field && (fieldNames as string[]).includes(field)) setError(field as Path<Values>, { message: error.errorCode });
    else setFormError(error.message);
    notifyApiError(error as Parameters<typeof notifyApiError>[0]);
  };

  const error = (name: keyof Values) => fieldError(formState.errors[name]);

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={editing ? t("editTitle") : t("createTitle")}
      description={t("description")}
      testId="validation-form-dialog"
    >
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="validation-form">
        {formError ? (
          <div data-testid="validation-form-error">
            <Alert tone="error">{formError}</Alert>
          </div>
        ) : null}
        {options.length === 0 ? <Alert tone="error">{t("noFlows")}</Alert> : null}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField label={t("descriptionLabel")} autoComplete="off" error={error("description")} {...register("description")} />
          </div>
          <SelectField label={t("flow")} error={error("flowHexId")} {...register("flowHexId")}>
            <option value="">{t("chooseFlow")}</option>
            {options.map((flow) => (
              <option key={flow.flowHexId} value={flow.flowHexId}>
                {flow.name}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t("pin")}
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            hint={editing ? t("pinEditHint") : undefined}
            error={error("pin")}
            {...register("pin")}
          />
          <TextField label={t("expiration")} type="datetime-local" error={error("expirationLocal")} {...register("expirationLocal")} />
          <TextField
            label={t("maxUses")}
            inputMode="numeric"
            autoComplete="off"
            hint={t("maxUsesHint")}
            error={error("maxUses")}
            {...register("maxUses")}
          />
          <SelectField label={t("userLocation")} error={error("userLocation")} {...register("userLocation")}>
            {userLocations.map((location) => (
              <option key={location} value={location}>
                {labels(`locations.${location}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t("cancel")}
          </Button>
          <SubmitButton disabled={formState.isSubmitting} data-testid="validation-form-submit">
            {editing ? t("save") : t("create")}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
