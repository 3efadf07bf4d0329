import { getTranslations } from "next-intl/server";
import { AuthFrame } from "@/components/auth/auth-frame";
import { CodeVerificationForm } from "@/components/auth/account-forms";

export async function generateMetadata() {
  return { title: (await getTranslations("screens"))("codeVeri") };
}

export default async function Page() {
  const t = await getTranslations("auth.codeVeri");
  return (
    <AuthFrame title={t("title")} subtitle={t("subtitle")}>
      <CodeVerificationForm />
    </AuthFrame>
  );
}
