import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { routePath, screenMetadata } from "@/components/layout/route-params";
import { RolePrivilegesScreen } from "@/components/roles/role-privileges-screen";
import { requirePage } from "@/lib/auth/page-guard";
import { isAppError } from "@/lib/errors/app-error";
import { getRole } from "@/lib/roles/get-role";
import { satisfies } from "@/lib/permissions/routes";

export const generateMetadata = () => screenMetadata("rolePrivileges");

/** /rolePrivileges/{rolId}: the privilege matrix of one of the organisation's roles, by its hexId. */
export default async function RolePrivilegesPage({ params }: { params: Promise<{ rolId: string }> }) {
  const { rolId } = await params;
  const context = await requirePage(routePath("rolePrivileges", rolId));
  const t = await getTranslations("roles");
  const role = await getRole(context, rolId).catch((error: unknown) => {
    // Another organisation's role is as unknown as a missing one.
    if (isAppError(error) && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  const canUpdate = satisfies(context.authorities, { kind: "privilege", module: "ROL", action: "UPDATE" });
  return (
    <div className="mx-auto max-w-5xl">
      <PageTitle subtitle={role.description ?? undefined}>{t("privilegesTitle", { name: role.name })}</PageTitle>
      <RolePrivilegesScreen role={role} canUpdate={canUpdate} />
    </div>
  );
}
