import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthFrame } from "@/components/auth/auth-frame";
import { SignupForm } from "@/components/auth/account-forms";
import { db } from "@/lib/db/client";

export async function generateMetadata() {
  return { title: (await getTranslations("screens"))("signup") };
}

export default async function SignupPage() {
  const t = await getTranslations("auth.signup");
  const countries = await db.country.findMany({ orderBy: { name: "asc" }, include: { identTypes: true } });
  const identTypes = [...new Map(countries.flatMap((c) => c.identTypes).map((i) => [i.code, { value: i.code, label: i.name }])).values()];
  return (
    <AuthFrame title={t("title")} subtitle={t("subtitle")}>
      <SignupForm countries={countries.map((c) => ({ value: c.code, label: c.name }))} identTypes={identTypes} />
      <p className="mt-4 text-sm text-slate-600">
        {t("haveAccount")}{" "}
        <Link href="/signin" className="text-brand-700 hover:underline">
          {t("signin")}
        </Link>
      </p>
    </AuthFrame>
  );
}
