import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { AuthFrame } from "@/components/auth/auth-frame";
import { pathFromSignin } from "@/lib/auth/signin-path";
import { errorStatus } from "@/lib/errors/codes";

export async function generateMetadata() {
  const t = await getTranslations("screens");
  return { title: t("signin") };
}

export default async function SignInPage({
  params,
  searchParams,
}: {
  params: Promise<{ pathTo?: string[] }>;
  searchParams: Promise<{ reason?: string }>;
}) {
  const [{ pathTo }, { reason }] = await Promise.all([params, searchParams]);
  if (pathTo && pathTo.length > 1) notFound();
  const t = await getTranslations();
  const notice = !reason
    ? null
    : reason in errorStatus
      ? t(`errors.${reason}`)
      : t.has(`auth.signin.notices.${reason}`)
        ? t(`auth.signin.notices.${reason}`)
        : null;
  return (
    <AuthFrame title={t("auth.signin.title")} subtitle={t("auth.signin.subtitle")}>
      <SignInForm pathTo={pathFromSignin(pathTo?.[0])} notice={notice} />
    </AuthFrame>
  );
}
