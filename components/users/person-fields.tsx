"use client";

import type { FieldValues, Path } from "react-hook-form";
import { useTranslations } from "next-intl";
import { TextField } from "@/components/ui/field";
import type { ApiFormState } from "@/components/client/use-api-form";

/** What inviting someone asks for, whether a user of the organisation (/users) or an organisation's administrator (/managers). */
export type PersonValues = { firstName: string; lastName: string; email: string; cellPhone: string };
export const personFields = ["firstName", "lastName", "email", "cellPhone"] as const;

/** The invitation's name, e-mail and phone fields, in a two-column grid; `children` adds more cells to it. */
export function PersonFields<V extends PersonValues & FieldValues>({
  form,
  children,
}: {
  form: ApiFormState<V>;
  children?: React.ReactNode;
}) {
  const t = useTranslations("users.form");
  const field = (name: (typeof personFields)[number]) => ({ error: form.error(name), ...form.register(name as Path<V>) });
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <TextField label={t("firstName")} autoComplete="off" {...field("firstName")} />
      <TextField label={t("lastName")} autoComplete="off" {...field("lastName")} />
      <TextField label={t("email")} type="email" autoComplete="off" {...field("email")} />
      <TextField label={t("cellPhone")} type="tel" autoComplete="off" hint={t("phoneHint")} {...field("cellPhone")} />
      {children}
    </div>
  );
}
