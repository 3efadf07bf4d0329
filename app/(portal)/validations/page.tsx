import { getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { screenMetadata } from "@/components/layout/route-params";
import { ValidationsScreen, type ValidationPermissions } from "@/components/validations/validations-screen";
import { requirePage } from "@/lib/auth/page-guard";
import { getConfigNumber } from "@/lib/config/values";
import type { Action } from "@/lib/permissions/authorities";
import { satisfies } from "@/lib/permissions/routes";
import { validationFlowOptions } from "@/lib/validations/flow-options";

export const generateMetadata = () => screenMetadata("validations");

/** /validations */
export default async function ValidationsPage() {
  const context = await requirePage("/validations");
  const t = await getTranslations("validations");
  // The server decides what the role may do; the screen only hides what would be refused anyway.
  const can = (action: Action) => satisfies(context.authorities, { kind: "privilege", module: "FIRMA", action });
  const permissions: ValidationPermissions = { create: can("CREATE"), update: can("UPDATE") };
  const [pageSize, flows] = await Promise.all([
    getConfigNumber(context.organizationId, "default_page_size"),
    validationFlowOptions(context),
  ]);
  return (
    <div className="mx-auto max-w-7xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <ValidationsScreen permissions={permissions} defaultPageSize={pageSize} flows={flows} />
    </div>
  );
}
