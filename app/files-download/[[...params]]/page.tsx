import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { type CatchAllProps, namedSegments, screenMetadata } from "@/components/layout/route-params";
import { FilesDownloadScreen } from "@/components/signing/files-download-screen";
import { signColours } from "@/components/signing/process-page";
import { SignerFrame } from "@/components/signing/signer-frame";
import { getConfigValue } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { isAppError } from "@/lib/errors/app-error";
import { filesDownloadView } from "@/lib/signing/download-link";

export const generateMetadata = () => screenMetadata("filesDownload");

/** /files-download/{urlDownload?}: the completed document, for the signers it was sent to. */
export default async function FilesDownloadPage({ params }: CatchAllProps) {
  const { urlDownload } = namedSegments((await params).params, ["urlDownload"]);
  if (!urlDownload) redirect("/error/UNKNOWN/UNKNOWN");
  let view: Awaited<ReturnType<typeof filesDownloadView>>;
  try {
    view = await filesDownloadView(urlDownload);
  } catch (error) {
    if (isAppError(error)) redirect("/error/UNKNOWN/UNKNOWN");
    throw error;
  }
  const organization = await db.organization.findUniqueOrThrow({ where: { hexId: view.organization.hexId }, select: { id: true } });
  const t = await getTranslations("screens");
  const brand = {
    organizationName: view.organization.name,
    organizationHexId: view.organization.hexId,
    ...signColours(await getConfigValue(organization.id, "ui_sign_color")),
  };
  return (
    <SignerFrame brand={brand} title={t("filesDownload")}>
      <FilesDownloadScreen token={urlDownload} view={view} />
    </SignerFrame>
  );
}
