import { getTranslations } from "next-intl/server";
import { AuthFrame } from "@/components/auth/auth-frame";
import { ResetPasswordForm } from "@/components/auth/account-forms";

export async function generateMetadata() {
  return { title: (await getTranslations("screens"))("resetPassword") };
}

export default async function Page() {
  const t = await getTranslations("auth.reset");
  return (
    <AuthFrame title={t("title")} subtitle={t("subtitle")}>
      <ResetPasswordForm />
    </AuthFrame>
  );
}
