import { getTranslations } from "next-intl/server";
import { AuthFrame } from "@/components/auth/auth-frame";
import { SecurityCheck } from "@/components/auth/security-check";

export async function generateMetadata() {
  return { title: (await getTranslations("screens"))("securityCheck") };
}

export default async function SecurityCheckPage() {
  const t = await getTranslations("auth.securityCheck");
  return (
    <AuthFrame title={t("title")} subtitle={t("subtitle")}>
      <SecurityCheck />
    </AuthFrame>
  );
}
