import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { DocumentDetailScreen } from "@/components/documents/document-detail-screen";
import { type CatchAllProps, namedSegments, routePath, screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";
import { documentStatus } from "@/lib/documents/document-status";
import { listDispatches } from "@/lib/documents/list-dispatches";
import { isAppError } from "@/lib/errors/app-error";
import { defaultLocale, isLocale } from "@/lib/i18n/config";
import { mySignSegment, satisfies } from "@/lib/permissions/routes";
import { MySignScreen } from "@/components/inbox/my-sign-screen";

export const generateMetadata = () => screenMetadata("docdetail");

/** /docdetail/{documentHexId}/{mySign?} */
export default async function DocDetailPage({ params }: CatchAllProps<{ documentHexId: string }>) {
  const { documentHexId, params: segments } = await params;
  const context = await requirePage(routePath("docdetail", documentHexId, segments));
  const { mySign } = namedSegments(segments, ["mySign"]);
  if (mySign === mySignSegment) return <MySignScreen context={context} documentHexId={documentHexId} />;
  // The status view reads only the caller's organisation, so a foreign document is as unknown as a missing one.
  const view = await documentStatus(context, documentHexId).catch((error: unknown) => {
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  const locale = await getLocale();
  const dispatches = await listDispatches(context, documentHexId, isLocale(locale) ? locale : defaultLocale);
  const t = await getTranslations("docdetail");
  // The same privilege the cancel, resend, retry and draft-delete routes check.
  const canAct = satisfies(context.authorities, { kind: "privilege", module: "DOCUMENTO", action: "CREATE" });
  // Deciding on a video in review (lib/signing/review-evidence.ts) is a signing decision.
  const canReview = satisfies(context.authorities, { kind: "privilege", module: "FIRMA", action: "UPDATE" });
  return (
    <div className="mx-auto max-w-7xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <DocumentDetailScreen initial={view} initialDispatches={dispatches} canAct={canAct} canReview={canReview} />
    </div>
  );
}
