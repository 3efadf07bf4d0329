"use client";

import { useState } from "react";
import Link from "next/link";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { useTranslations } from "next-intl";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/field";
import { Alert } from "@/components/ui/card";
import { useApi } from "@/components/client/use-api";
import { notifyApiError } from "@/components/client/notify";
import { finishSignIn, savePendingSignIn, type PendingSignIn } from "./pending-sign-in";
import { useFieldError } from "./use-form-errors";

const schema = z.object({
  username: z.string().trim().min(1, "EMPTY_FIELD").email("INVALID_EMAIL"),
  password: z.string().min(1, "PASSWORD_EMPTY"),
});
type Values = z.infer<typeof schema>;

type Authenticated = { token: string; changePassword: boolean; landingPage: string };
type MfaError = { token?: string; hexId?: string; mfaMethodRequired?: PendingSignIn["mfaMethodRequired"] };

export function SignInForm({ pathTo, notice }: { pathTo: string | null; notice: string | null }) {
  const t = useTranslations("auth.signin");
  const api = useApi();
  const fieldError = useFieldError();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: zodResolver(schema) });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const result = await api<Authenticated>("/api/authenticate", { body: values });
    if (result.ok) {
      if (
        !(await finishSignIn(result.data.token, {
          pathTo,
          landingPage: result.data.landingPage,
          changePassword: result.data.changePassword,
        }))
      )
        setError(t("failed"));
      return;
    }
    const { errorCode } = result.error;
    const mfa = result.error as MfaError;
    if ((errorCode === "MFA_REQUIRED" || errorCode === "MFA_ACTIVATION_REQUIRED") && mfa.token && mfa.hexId && mfa.mfaMethodRequired) {
      savePendingSignIn({ token: mfa.token, hexId: mfa.hexId, mfaMethodRequired: mfa.mfaMethodRequired, pathTo });
      window.location.assign(errorCode === "MFA_REQUIRED" ? "/securityCheck" : "/activateMethodsMfa");
      return;
    }
    setError(result.error.message);
    notifyApiError(result.error);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" data-testid="signin-form">
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        label={t("email")}
        type="email"
        autoComplete="username"
        {...register("username")}
        error={fieldError(formState.errors.username)}
      />
      <TextField
        label={t("password")}
        type="password"
        autoComplete="current-password"
        {...register("password")}
        error={fieldError(formState.errors.password)}
      />
      <SubmitButton className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t("submitting") : t("submit")}
      </SubmitButton>
      <div className="flex justify-between text-sm">
        <Link href="/ForgotPassword" className="text-brand-700 hover:underline">
          {t("forgot")}
        </Link>
        <Link href="/signup" className="text-brand-700 hover:underline">
          {t("signup")}
        </Link>
      </div>
    </form>
  );
}
