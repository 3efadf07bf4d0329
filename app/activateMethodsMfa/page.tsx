import { getTranslations } from "next-intl/server";
import { AuthFrame } from "@/components/auth/auth-frame";
import { MfaMethodsPanel } from "@/components/auth/mfa-methods-panel";

export async function generateMetadata() {
  return { title: (await getTranslations("screens"))("activateMethodsMfa") };
}

export default async function ActivateMethodsMfaPage() {
  const t = await getTranslations("auth.mfa");
  return (
    <AuthFrame title={t("title")} subtitle={t("subtitle")}>
      <MfaMethodsPanel mode="activation" />
    </AuthFrame>
  );
}
