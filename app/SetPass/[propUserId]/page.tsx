import { getTranslations } from "next-intl/server";
import { AuthFrame } from "@/components/auth/auth-frame";
import { SetPasswordForm } from "@/components/auth/account-forms";
import { Alert } from "@/components/ui/card";
import { linkCodeIsLive } from "@/lib/auth/one-time-codes";

export async function generateMetadata() {
  return { title: (await getTranslations("screens"))("setPass") };
}

export default async function SetPassPage({
  params,
  searchParams,
}: {
  params: Promise<{ propUserId: string }>;
  searchParams: Promise<{ code?: string }>;
}) {
  const [{ propUserId }, { code }] = await Promise.all([params, searchParams]);
  const t = await getTranslations();
  const live = code ? await linkCodeIsLive("SET_PASSWORD", code) : false;
  return (
    <AuthFrame title={t("auth.setPass.title")} subtitle={t("auth.setPass.subtitle")}>
      {live && code ? <SetPasswordForm userHexId={propUserId} code={code} /> : <Alert tone="error">{t("errors.INVALID_LINK")}</Alert>}
    </AuthFrame>
  );
}
