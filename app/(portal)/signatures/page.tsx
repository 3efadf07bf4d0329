import { forbidden } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { SignaturesScreen } from "@/components/documents/signatures-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";
import { getConfigNumber } from "@/lib/config/values";
import { listDocuments } from "@/lib/documents/list-documents";
import { satisfies } from "@/lib/permissions/routes";

export const generateMetadata = () => screenMetadata("signatures");

/** /signatures */
export default async function SignaturesPage() {
  const context = await requirePage("/signatures");
  // The list is the documents API's; a role that could not call it does not get its rows here either.
  if (!satisfies(context.authorities, { kind: "privilege", module: "DOCUMENTO", action: "VIEW" })) forbidden();
  const t = await getTranslations("signatures");
  const pageSize = await getConfigNumber(context.organizationId, "default_page_size");
  const initialPage = await listDocuments(context, { size: pageSize });
  return (
    <div className="mx-auto max-w-7xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <SignaturesScreen defaultPageSize={pageSize} initialPage={initialPage} />
    </div>
  );
}
