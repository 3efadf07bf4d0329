import { getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { screenMetadata } from "@/components/layout/route-params";
import { RolesScreen } from "@/components/roles/roles-screen";
import { requirePage } from "@/lib/auth/page-guard";
import { satisfies } from "@/lib/permissions/routes";

export const generateMetadata = () => screenMetadata("roles");

/** /roles: the organisation's roles (spec §6); the calls check the same privileges again. */
export default async function RolesPage() {
  const context = await requirePage("/roles");
  const t = await getTranslations("roles");
  const can = (action: "CREATE" | "UPDATE" | "DELETE") => satisfies(context.authorities, { kind: "privilege", module: "ROL", action });
  return (
    <div className="mx-auto max-w-6xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <RolesScreen canCreate={can("CREATE")} canUpdate={can("UPDATE")} canDelete={can("DELETE")} />
    </div>
  );
}
