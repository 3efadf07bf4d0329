"use client";

import { useTranslations } from "next-intl";
import { signOut } from "next-auth/react";
import { ApiForm } from "./api-form";
import { finishSignIn } from "./pending-sign-in";
import { changePasswordInput, codeInput, forgotInput, resetInput, setPasswordInput, signupInput } from "@/lib/validation/account-schemas";

type Option = { value: string; label: string };

export function SignupForm({ countries, identTypes }: { countries: Option[]; identTypes: Option[] }) {
  const t = useTranslations("auth.signup");
  return (
    <ApiForm
      testId="signup-form"
      schema={signupInput}
      endpoint="/api/signup"
      submitLabel={t("submit")}
      successMessage={t("done")}
      defaultValues={{ country: countries[0]?.value, identType: identTypes[0]?.value }}
      fields={[
        { name: "organizationName", label: t("organizationName"), autoComplete: "organization" },
        { name: "firstName", label: t("firstName"), autoComplete: "given-name" },
        { name: "lastName", label: t("lastName"), autoComplete: "family-name" },
        { name: "email", label: t("email"), type: "email", autoComplete: "email" },
        { name: "cellPhone", label: t("cellPhone"), type: "tel", autoComplete: "tel", hint: t("cellPhoneHint") },
        { name: "country", label: t("country"), options: countries },
        { name: "identType", label: t("identType"), options: identTypes },
        { name: "identNumber", label: t("identNumber") },
        { name: "password", label: t("password"), type: "password", autoComplete: "new-password", hint: t("passwordHint") },
        { name: "confirmPassword", label: t("confirmPassword"), type: "password", autoComplete: "new-password" },
      ]}
    />
  );
}

const resetKey = "rubrica.passwordReset";

export function ForgotPasswordForm() {
  const t = useTranslations("auth.forgot");
  return (
    <ApiForm
      testId="forgot-form"
      schema={forgotInput}
      endpoint="/api/password/forgot"
      submitLabel={t("submit")}
      fields={[{ name: "email", label: t("email"), type: "email", autoComplete: "email" }]}
      onSuccess={(_data, values) => {
        sessionStorage.setItem(resetKey, JSON.stringify({ email: values.email }));
        window.location.assign("/CodeVeri");
      }}
    />
  );
}

function storedReset(): { email?: string; code?: string } {
  try {
    return JSON.parse(sessionStorage.getItem(resetKey) ?? "{}") as { email?: string; code?: string };
  } catch {
    return {};
  }
}

export function CodeVerificationForm() {
  const t = useTranslations("auth.codeVeri");
  const stored = typeof window === "undefined" ? {} : storedReset();
  return (
    <ApiForm
      testId="code-form"
      schema={codeInput}
      endpoint="/api/password/code"
      submitLabel={t("submit")}
      defaultValues={{ email: stored.email ?? "" }}
      fields={[
        { name: "email", label: t("email"), type: "email", autoComplete: "email" },
        { name: "code", label: t("code"), autoComplete: "one-time-code" },
      ]}
      onSuccess={(_data, values) => {
        sessionStorage.setItem(resetKey, JSON.stringify({ email: values.email, code: values.code }));
        window.location.assign("/ResetPassword");
      }}
    />
  );
}

export function ResetPasswordForm() {
  const t = useTranslations("auth.reset");
  const stored = typeof window === "undefined" ? {} : storedReset();
  return (
    <ApiForm
      testId="reset-form"
      schema={resetInput}
      endpoint="/api/password/reset"
      submitLabel={t("submit")}
      defaultValues={{ email: stored.email ?? "", code: stored.code ?? "" }}
      fields={[
        { name: "email", label: t("email"), type: "email", autoComplete: "email" },
        { name: "code", label: t("code"), autoComplete: "one-time-code" },
        { name: "password", label: t("password"), type: "password", autoComplete: "new-password", hint: t("passwordHint") },
        { name: "confirmPassword", label: t("confirmPassword"), type: "password", autoComplete: "new-password" },
      ]}
      onSuccess={() => {
        sessionStorage.removeItem(resetKey);
        window.location.assign("/signin?reason=PASSWORD_UPDATED");
      }}
    />
  );
}

export function ChangePasswordForm({ forced }: { forced: boolean }) {
  const t = useTranslations("auth.change");
  return (
    <ApiForm
      testId="change-password-form"
      schema={changePasswordInput}
      endpoint="/api/password/change"
      submitLabel={t("submit")}
      fields={[
        { name: "oldPassword", label: t("oldPassword"), type: "password", autoComplete: "current-password" },
        { name: "password", label: t("password"), type: "password", autoComplete: "new-password", hint: t("passwordHint") },
        { name: "confirmPassword", label: t("confirmPassword"), type: "password", autoComplete: "new-password" },
      ]}
      onSuccess={async (data) => {
        const { token } = data as { token: string };
        await finishSignIn(token, { pathTo: forced ? null : "/profile" });
      }}
    />
  );
}

export function SetPasswordForm({ userHexId, code }: { userHexId: string; code: string }) {
  const t = useTranslations("auth.setPass");
  return (
    <ApiForm
      testId="set-password-form"
      schema={setPasswordInput}
      endpoint={`/api/password/set/${userHexId}`}
      submitLabel={t("submit")}
      defaultValues={{ code }}
      fields={[
        { name: "password", label: t("password"), type: "password", autoComplete: "new-password", hint: t("passwordHint") },
        { name: "confirmPassword", label: t("confirmPassword"), type: "password", autoComplete: "new-password" },
      ]}
      onSuccess={async () => {
        await signOut({ redirect: false });
        window.location.assign("/signin?reason=PASSWORD_UPDATED");
      }}
    />
  );
}
