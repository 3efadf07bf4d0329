import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { type CatchAllProps, namedSegments, routePath, screenMetadata } from "@/components/layout/route-params";
import { ValidationProcessDetailScreen } from "@/components/validation-review/validation-process-detail";
import { ValidationProcessList } from "@/components/validation-review/validation-process-list";
import { requirePage } from "@/lib/auth/page-guard";
import { getConfigNumber } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { isLocale } from "@/lib/i18n/config";
import { satisfies } from "@/lib/permissions/routes";
import { getValidationProcessDetail } from "@/lib/validation-review/process-detail";
import { processStatusSchema } from "@/lib/validation-review/schemas";
import { validationStatuses } from "@/lib/validations/statuses";

export const generateMetadata = () => screenMetadata("seeValidation");

const hex32 = /^[0-9a-f]{32}$/;

/**
 * /seeValidation/{hexId?}/{status?}: staff review of validation processes. {hexId} names a process (its detail),
 * a validation link (the list of its processes) or "all"; {status} picks the list's status tab.
 */
export default async function SeeValidationPage({ params }: CatchAllProps) {
  const { params: segments } = await params;
  const context = await requirePage(routePath("seeValidation", segments));
  const { hexId, status } = namedSegments(segments, ["hexId", "status"]);
  const t = await getTranslations("validationReview");
  const canDecide = satisfies(context.authorities, { kind: "privilege", module: "FIRMA", action: "UPDATE" });

  let link: { validationHexId: string; description: string } | null = null;
  if (hexId !== undefined && hexId !== "all") {
    if (!hex32.test(hexId)) notFound();
    const process = await db.validationProcess.findFirst({
      where: { hexId, organizationId: context.organizationId },
      select: { id: true },
    });
    if (process) {
      if (status !== undefined) notFound();
      const locale = await getLocale();
      const detail = await getValidationProcessDetail(context, hexId, isLocale(locale) ? locale : "es-es");
      return (
        <div className="mx-auto max-w-5xl">
          <PageTitle>{t("detailTitle")}</PageTitle>
          <ValidationProcessDetailScreen initial={detail} canDecide={canDecide} />
        </div>
      );
    }
    // Another organisation's process or link looks absent, as an unknown one.
    const found = await db.validationLink.findFirst({
      where: { hexId, organizationId: context.organizationId },
      select: { hexId: true, description: true },
    });
    if (!found) notFound();
    link = { validationHexId: found.hexId, description: found.description };
  }
  const tab = status === undefined ? null : processStatusSchema.safeParse(status);
  if (tab && !tab.success) notFound();
  const pageSize = await getConfigNumber(context.organizationId, "default_page_size");
  return (
    <div className="mx-auto max-w-7xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <ValidationProcessList
        status={tab?.data ?? null}
        statuses={validationStatuses.map((s) => s.code)}
        link={link}
        defaultPageSize={pageSize}
      />
    </div>
  );
}
