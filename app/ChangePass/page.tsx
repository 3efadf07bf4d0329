import { getTranslations } from "next-intl/server";
import { AuthFrame } from "@/components/auth/auth-frame";
import { ChangePasswordForm } from "@/components/auth/account-forms";
import { Alert } from "@/components/ui/card";
import { requireSignedIn } from "@/lib/auth/page-guard";

export async function generateMetadata() {
  return { title: (await getTranslations("screens"))("changePass") };
}

/** /ChangePass: any signed-in user; forced when changePassword is set (spec §6). */
export default async function ChangePassPage() {
  const context = await requireSignedIn("/ChangePass");
  const t = await getTranslations("auth.change");
  return (
    <AuthFrame title={t("title")} subtitle={t("subtitle")}>
      {context.changePassword ? (
        <div className="mb-4">
          <Alert tone="info">{t("forced")}</Alert>
        </div>
      ) : null}
      <ChangePasswordForm forced={context.changePassword} />
    </AuthFrame>
  );
}
