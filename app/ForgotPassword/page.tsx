import { getTranslations } from "next-intl/server";
import { AuthFrame } from "@/components/auth/auth-frame";
import { ForgotPasswordForm } from "@/components/auth/account-forms";

export async function generateMetadata() {
  return { title: (await getTranslations("screens"))("forgotPassword") };
}

export default async function Page() {
  const t = await getTranslations("auth.forgot");
  return (
    <AuthFrame title={t("title")} subtitle={t("subtitle")}>
      <ForgotPasswordForm />
    </AuthFrame>
  );
}
