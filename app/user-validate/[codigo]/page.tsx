import { getTranslations } from "next-intl/server";
import { AuthFrame } from "@/components/auth/auth-frame";
import { RedeemLink } from "@/components/auth/redeem-link";

export async function generateMetadata() {
  return { title: (await getTranslations("screens"))("userValidate") };
}

export default async function Page({ params }: { params: Promise<{ codigo: string }> }) {
  const { codigo } = await params;
  const t = await getTranslations("auth.userValidate");
  return (
    <AuthFrame title={t("title")}>
      <RedeemLink endpoint={`/api/user-validate/${encodeURIComponent(codigo)}`} successMessage={t("done")} />
    </AuthFrame>
  );
}
