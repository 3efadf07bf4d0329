"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import { SelectField } from "@/components/ui/field";

export type CountryOption = { code: string; name: string; identTypes: { code: string; name: string }[] };

/**
 * The country of an identity document and its type, as the signer's data-confirm and the validation's data capture ask
 * for them: the types offered are the chosen country's.
 */
export function IdentityDocumentFields({
  countries,
  chosenCountry,
  country,
  identType,
  labels,
  errors,
}: {
  countries: CountryOption[];
  chosenCountry: string;
  country: UseFormRegisterReturn;
  identType: UseFormRegisterReturn;
  labels: { country: string; identType: string; choose: string };
  errors: { country?: string; identType?: string };
}) {
  const identTypes = countries.find((c) => c.code === chosenCountry)?.identTypes ?? [];
  return (
    <>
      <SelectField label={labels.country} {...country} error={errors.country}>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={labels.identType} {...identType} error={errors.identType}>
        <option value="">{labels.choose}</option>
        {identTypes.map((i) => (
          <option key={i.code} value={i.code}>
            {i.name}
          </option>
        ))}
      </SelectField>
    </>
  );
}
