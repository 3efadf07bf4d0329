import { getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { ContactsScreen, type ContactPermissions } from "@/components/contacts/contacts-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";
import { getConfigNumber } from "@/lib/config/values";
import { importLimits } from "@/lib/contacts/schemas";
import { db } from "@/lib/db/client";
import type { Action } from "@/lib/permissions/authorities";
import { satisfies } from "@/lib/permissions/routes";

export const generateMetadata = () => screenMetadata("contacts");

/** /contacts */
export default async function ContactsPage() {
  const context = await requirePage("/contacts");
  const t = await getTranslations("contacts");
  // The server decides what the role may do; the screen only hides what would be refused anyway.
  const can = (action: Action) => satisfies(context.authorities, { kind: "privilege", module: "CONTACTO", action });
  const permissions: ContactPermissions = {
    create: can("CREATE"),
    update: can("UPDATE"),
    delete: can("DELETE"),
    import: can("IMPORT"),
    export: can("EXPORT"),
  };
  const [pageSize, countries, organization] = await Promise.all([
    getConfigNumber(context.organizationId, "default_page_size"),
    db.country.findMany({ orderBy: { name: "asc" }, include: { identTypes: { orderBy: { name: "asc" } } } }),
    db.organization.findUniqueOrThrow({ where: { id: context.organizationId }, select: { country: true } }),
  ]);
  return (
    <div className="mx-auto max-w-7xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <ContactsScreen
        permissions={permissions}
        defaultPageSize={pageSize}
        maxImportRows={importLimits.maxRows}
        defaultCountry={organization.country}
        countries={countries.map((c) => ({
          code: c.code,
          name: c.name,
          identTypes: c.identTypes.map((i) => ({ code: i.code, name: i.name })),
        }))}
      />
    </div>
  );
}
