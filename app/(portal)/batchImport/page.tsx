import { getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/card";
import { BatchImportScreen } from "@/components/documents/batch-import-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { requirePage } from "@/lib/auth/page-guard";
import { getConfigNumber } from "@/lib/config/values";
import { batchLimits } from "@/lib/documents/batch/columns";
import { satisfies } from "@/lib/permissions/routes";

export const generateMetadata = () => screenMetadata("batchImport");

/** /batchImport */
export default async function BatchImportPage() {
  const context = await requirePage("/batchImport");
  const t = await getTranslations("batchImport");
  // Sending needs what /prepare-document's send needs; the server checks it again.
  const canSend = satisfies(context.authorities, { kind: "privilege", module: "DOCUMENTO", action: "CREATE" });
  const maxUploadMb = await getConfigNumber(context.organizationId, "max_upload_mb");
  return (
    <div className="mx-auto max-w-7xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <BatchImportScreen canSend={canSend} maxRows={batchLimits.maxRows} maxUploadMb={maxUploadMb} />
    </div>
  );
}
