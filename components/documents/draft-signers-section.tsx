"use client";

import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Alert, Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { useFieldError } from "@/components/auth/use-form-errors";
import type { ContactView } from "@/lib/contacts/contact-view";
import { ContactSearch } from "./contact-search";
import { orderRequirement } from "@/lib/documents/sending-rules";
import { emptySigner, minimumKey, positionsOf, type PrepareValues, type SignerValues } from "./prepare-form";
import { SignerRow } from "./signer-row";

type Props = { canSearchContacts: boolean; error?: string };

/** Who signs and in which order; each order present asks how many of its signers are enough. */
export function DraftSignersSection({ canSearchContacts, error }: Props) {
  const t = useTranslations("prepareDocument.signers");
  const fieldError = useFieldError();
  const { control, register, formState, getValues, setValue } = useFormContext<PrepareValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "signers" });
  const signers = useWatch({ control, name: "signers" });
  const minimums = useWatch({ control, name: "minimums" });
  const positions = positionsOf(signers);
  const nextPosition = positions.at(-1) ?? 1;

  const addContact = (contact: ContactView) => {
    const channel = contact.favoriteChannel;
    append({
      ...emptySigner("contact", nextPosition),
      contactHexId: contact.contactHexId,
      firstName: contact.name,
      lastName: contact.lastName,
      email: channel?.type === "EMAIL" ? channel.value : "",
      cellPhone: channel?.type === "SMS" ? channel.value : "",
    });
  };

  return (
    <Card title={t("title")}>
      <div className="space-y-4" data-testid="draft-signers">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {fields.length === 0 ? <p className="text-sm text-slate-500">{t("none")}</p> : null}
        <ol className="space-y-3">
          {fields.map((field, index) => (
            <SignerRow key={field.id} index={index} onRemove={() => remove(index)} />
          ))}
        </ol>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {canSearchContacts ? <ContactSearch onPick={addContact} /> : null}
          <div className="flex items-end">
            <Button type="button" variant="secondary" onClick={() => append(emptySigner("new", nextPosition))} data-testid="signer-add-new">
              {t("addNew")}
            </Button>
          </div>
        </div>
        {positions.length > 0 ? (
          <fieldset className="space-y-2" data-testid="draft-orders">
            <legend className="text-sm font-semibold text-slate-800">{t("minimumsTitle")}</legend>
            <p className="text-xs text-slate-500">{t("minimumsHint")}</p>
            <div className="flex flex-wrap gap-4">
              {positions.map((position) => {
                const key = minimumKey(position);
                return (
                  <div key={key} className="w-44">
                    <TextField
                      label={t("minimum", { order: position, count: signers.filter((s) => Number(s.position) === position).length })}
                      id={`order-minimum-${position}`}
                      type="number"
                      min={1}
                      defaultValue="1"
                      error={fieldError(formState.errors.minimums?.[key])}
                      data-testid="order-minimum"
                      {...register(`minimums.${key}`)}
                    />
                  </div>
                );
              })}
            </div>
            {positions.map((position) => (
              <OrderPlan
                key={position}
                position={position}
                signers={signers.filter((s) => Number(s.position) === position)}
                minimum={Number(minimums?.[minimumKey(position)] ?? "1")}
                onUnmark={() =>
                  getValues("signers").forEach((s, index) => {
                    if (Number(s.position) === position) setValue(`signers.${index}.mandatory`, false, { shouldDirty: true });
                  })
                }
                onRaise={(value) => setValue(`minimums.${minimumKey(position)}`, String(value), { shouldDirty: true })}
              />
            ))}
          </fieldset>
        ) : null}
      </div>
    </Card>
  );
}

type OrderPlanProps = {
  position: number;
  signers: SignerValues[];
  minimum: number;
  onUnmark: () => void;
  onRaise: (minimum: number) => void;
};

/**
 * What the order will wait for, from the rule the shipment follows (sending-rules.ts). When the
 * mandatory marks demand more than the minimum, it says so and offers either consistent choice.
 */
function OrderPlan({ position, signers, minimum, onUnmark, onRaise }: OrderPlanProps) {
  const t = useTranslations("prepareDocument.signers");
  if (!Number.isInteger(minimum) || minimum < 1 || minimum > signers.length) return null;
  const plan = orderRequirement(signers, minimum);
  if (!plan.contradicts)
    return (
      <p className="text-xs text-slate-600" data-testid="order-plan">
        {t("orderPlan", { order: position, needed: plan.needed, count: plan.count, mandatory: plan.mandatory })}
      </p>
    );
  return (
    <div className="space-y-2" data-testid="order-contradiction">
      <Alert tone="info">
        {t("orderContradiction", { order: position, minimum: plan.minimum, count: plan.count, mandatory: plan.mandatory })}
      </Alert>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={onUnmark} data-testid="order-unmark-mandatory">
          {t("unmarkMandatory", { order: position, minimum: plan.minimum })}
        </Button>
        <Button type="button" variant="ghost" onClick={() => onRaise(plan.mandatory)} data-testid="order-raise-minimum">
          {t("raiseMinimum", { order: position, mandatory: plan.mandatory })}
        </Button>
      </div>
    </div>
  );
}
