import { getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { UsersScreen, type UserPermissions } from "@/components/users/users-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";
import { getConfigNumber } from "@/lib/config/values";
import type { Action } from "@/lib/permissions/authorities";
import { satisfies } from "@/lib/permissions/routes";
import { userFormOptions } from "@/lib/users/user-form-options";

export const generateMetadata = () => screenMetadata("users");

/** /users */
export default async function UsersPage() {
  const context = await requirePage("/users");
  const t = await getTranslations("users");
  // The server decides what the role may do; the screen only hides what would be refused anyway.
  const can = (action: Action) => satisfies(context.authorities, { kind: "privilege", module: "USUARIO", action });
  const permissions: UserPermissions = { create: can("CREATE"), update: can("UPDATE") };
  const [pageSize, options] = await Promise.all([getConfigNumber(context.organizationId, "default_page_size"), userFormOptions(context)]);
  return (
    <div className="mx-auto max-w-7xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <UsersScreen permissions={permissions} defaultPageSize={pageSize} options={options} selfHexId={context.userHexId} />
    </div>
  );
}
