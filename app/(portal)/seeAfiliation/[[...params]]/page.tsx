import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { type CatchAllProps, namedSegments, routePath, screenMetadata } from "@/components/layout/route-params";
import { Card, PageTitle } from "@/components/ui/card";
import { getAffiliation } from "@/lib/affiliation/list-affiliations";
import { requirePage } from "@/lib/auth/page-guard";
import { isAppError } from "@/lib/errors/app-error";

export const generateMetadata = () => screenMetadata("seeAfiliation");

/** /seeAfiliation/{hexId?}: one affiliated person of the caller's organisation; unknown ids (or another organisation's) are not found. */
export default async function SeeAfiliationPage({ params }: CatchAllProps) {
  const { params: segments } = await params;
  const context = await requirePage(routePath("seeAfiliation", segments));
  const { hexId } = namedSegments(segments, ["hexId"]);
  if (!hexId) redirect("/affiliation");
  const affiliation = await getAffiliation(context, hexId).catch((error: unknown) => {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  const t = await getTranslations("affiliation");
  const format = await getFormatter();
  const name = [affiliation.firstName, affiliation.lastName].filter(Boolean).join(" ") || t("unnamed");
  const rows: [label: string, value: string][] = [
    [t("columns.email"), affiliation.email ?? "—"],
    [t("columns.phone"), affiliation.cellPhone ?? "—"],
    [t("detail.country"), affiliation.country ?? "—"],
    [t("columns.ident"), [affiliation.identType, affiliation.identNumber].filter(Boolean).join(" ") || "—"],
    [t("columns.validation"), affiliation.validationName],
    [t("columns.affiliatedAt"), format.dateTime(new Date(affiliation.affiliatedAt), { dateStyle: "long", timeStyle: "short" })],
  ];
  return (
    <div className="mx-auto max-w-3xl">
      <PageTitle subtitle={t("detail.subtitle")}>{name}</PageTitle>
      <Card>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]" data-testid="affiliation-detail">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <p className="mt-4">
        <Link href="/affiliation" className="text-sm font-medium text-brand-700 hover:underline">
          {t("detail.back")}
        </Link>
      </p>
    </div>
  );
}
