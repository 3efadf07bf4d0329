"use client";

import { Controller, useFormContext } from "react-hook-form";
import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { SelectField, TextField } from "@/components/ui/field";
import { useFieldError } from "@/components/auth/use-form-errors";
import type { PrepareValues } from "./prepare-form";
import { TagsInput } from "./tags-input";

export type FlowOption = { flowHexId: string; name: string; active: boolean; isDefault: boolean };

/** Title, description, expiration, flow and tags of the shipment. */
export function DraftDataSection({ flows }: { flows: FlowOption[] }) {
  const t = useTranslations("prepareDocument.data");
  const fieldError = useFieldError();
  const { register, control, formState } = useFormContext<PrepareValues>();
  const errors = formState.errors;
  const tagError = Array.isArray(errors.tags) ? errors.tags.find(Boolean) : errors.tags;

  return (
    <Card title={t("title")}>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <TextField
            label={t("documentTitle")}
            id="draft-title"
            maxLength={200}
            autoComplete="off"
            error={fieldError(errors.title)}
            {...register("title")}
          />
        </div>
        <div className="space-y-1 md:col-span-2">
          <label htmlFor="draft-description" className="block text-sm font-medium text-slate-700">
            {t("description")}
          </label>
          <textarea
            id="draft-description"
            rows={3}
            maxLength={2000}
            aria-invalid={!!errors.description}
            aria-describedby={errors.description ? "draft-description-error" : undefined}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
            {...register("description")}
          />
          {errors.description ? (
            <p id="draft-description-error" role="alert" className="text-xs text-red-600">
              {fieldError(errors.description)}
            </p>
          ) : null}
        </div>
        <TextField
          label={t("expirationDate")}
          id="draft-expiration"
          type="datetime-local"
          error={fieldError(errors.expirationDate)}
          {...register("expirationDate")}
        />
        <SelectField label={t("flow")} id="draft-flow" error={fieldError(errors.flowHexId)} {...register("flowHexId")}>
          <option value="">{t("noFlow")}</option>
          {flows.map((flow) => (
            <option key={flow.flowHexId} value={flow.flowHexId}>
              {flow.active ? flow.name : t("inactiveFlow", { name: flow.name })}
            </option>
          ))}
        </SelectField>
        <div className="md:col-span-2">
          <Controller
            control={control}
            name="tags"
            render={({ field }) => (
              <TagsInput
                id="draft-tags-input"
                label={t("tags")}
                value={field.value}
                onChange={field.onChange}
                error={fieldError(tagError)}
              />
            )}
          />
        </div>
      </div>
    </Card>
  );
}
