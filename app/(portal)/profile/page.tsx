import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Card, PageTitle } from "@/components/ui/card";
import { ProfileForm } from "@/components/auth/profile-form";
import { MfaMethodsPanel } from "@/components/auth/mfa-methods-panel";
import { requirePage } from "@/lib/auth/page-guard";
import { db } from "@/lib/db/client";

export async function generateMetadata() {
  return { title: (await getTranslations("screens"))("profile") };
}

export default async function ProfilePage() {
  const context = await requirePage("/profile");
  const t = await getTranslations("profile");
  const user = await db.user.findUniqueOrThrow({ where: { id: context.userId }, include: { role: true } });
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <Card title={t("ownData")}>
        <dl className="mb-4 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">{t("email")}</dt>
            <dd data-testid="profile-email">{user.email}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("role")}</dt>
            <dd>{user.platformAdmin ? t("platformAdmin") : (user.role?.name ?? "—")}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("identification")}</dt>
            <dd>{[user.identType, user.identNumber].filter(Boolean).join(" ") || "—"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("organization")}</dt>
            <dd>{context.organizationName}</dd>
          </div>
        </dl>
        <ProfileForm defaults={{ firstName: user.firstName, lastName: user.lastName, cellPhone: user.cellPhone ?? "" }} />
      </Card>
      <Card title={t("mfa")}>
        <MfaMethodsPanel mode="profile" />
      </Card>
      <Card title={t("password")}>
        <Link href="/ChangePass" className="text-sm font-medium text-brand-700 hover:underline">
          {t("changePassword")}
        </Link>
      </Card>
    </div>
  );
}
