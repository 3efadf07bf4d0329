"use client";

import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { useFieldError } from "@/components/auth/use-form-errors";
import type { PrepareValues } from "./prepare-form";

const maxNotifications = 10;

/** Reminder dates: after now and before the expiration, so they wait until an expiration is chosen. */
export function DraftNotificationsSection({ error }: { error?: string }) {
  const t = useTranslations("prepareDocument.notifications");
  const tErrors = useTranslations("errors");
  const fieldError = useFieldError();
  const { control, register, formState } = useFormContext<PrepareValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "notifications" });
  const expiration = useWatch({ control, name: "expirationDate" });
  const locked = !expiration;

  return (
    <Card title={t("title")}>
      <div className="space-y-4" data-testid="draft-notifications">
        {error ? <Alert tone="error">{error}</Alert> : null}
        <p className="text-sm text-slate-600" id="notifications-rule">
          {locked ? tErrors("SHIPMENT_EXPIRATION_FIRST") : t("rule")}
        </p>
        <ul className="space-y-2">
          {fields.map((field, index) => (
            <li key={field.id} className="flex items-end gap-2" data-testid="notification-row">
              <div className="flex-1">
                <TextField
                  label={t("sendAt", { number: index + 1 })}
                  id={`notification-${index}`}
                  type="datetime-local"
                  max={expiration || undefined}
                  disabled={locked}
                  error={fieldError(formState.errors.notifications?.[index]?.sendAt)}
                  {...register(`notifications.${index}.sendAt`)}
                />
              </div>
              <Button
                type="button"
                variant="ghost"
                className="px-2 py-2 text-xs"
                onClick={() => remove(index)}
                aria-label={t("remove", { number: index + 1 })}
              >
                {t("removeShort")}
              </Button>
            </li>
          ))}
        </ul>
        <Button
          type="button"
          variant="secondary"
          disabled={locked || fields.length >= maxNotifications}
          onClick={() => append({ sendAt: "" })}
          data-testid="notification-add"
        >
          {t("add")}
        </Button>
      </div>
    </Card>
  );
}
