import { getTranslations } from "next-intl/server";
import { type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { RejectionScreen } from "@/components/signing/rejection-screen";
import { SignerFrame } from "@/components/signing/signer-frame";
import { Alert } from "@/components/ui/card";
import { loadValidationPage } from "@/components/validation-process/validation-page";

export const generateMetadata = () => screenMetadata("validationDocumentRejection");

/**
 * /validation-process/document-rejection/{urlSign?}/{processHexId?}: the reason form, then, for good, the rejection's
 * confirmation (the link shows it from then on: a validation's rejection cannot be undone).
 */
export default async function ValidationDocumentRejectionPage({ params }: CatchAllProps) {
  const page = await loadValidationPage("document-rejection", (await params).params, { showsStates: ["REJECTED"] });
  const [screens, t] = await Promise.all([getTranslations("screens"), getTranslations("validationProcess.rejection")]);
  return (
    <SignerFrame brand={page.brand} title={screens("validationDocumentRejection")}>
      {page.live ? (
        <RejectionScreen link={page.link} texts={{ intro: t("intro"), confirm: t("confirm") }} />
      ) : (
        <Alert tone="info">
          <span data-testid="rejection-recorded">{t("recorded")}</span>
        </Alert>
      )}
    </SignerFrame>
  );
}
