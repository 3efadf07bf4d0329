import { getTranslations } from "next-intl/server";
import { type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { SignerFrame } from "@/components/signing/signer-frame";
import { ValidationCertificateDownload } from "@/components/validation-certificate/validation-certificate-download";
import { loadValidationPage } from "@/components/validation-process/validation-page";

export const generateMetadata = () => screenMetadata("validationFullProcess");

/** /validation-process/full-process/{urlSign?}/{processHexId?}: every step is done. */
export default async function ValidationFullProcessPage({ params }: CatchAllProps) {
  const page = await loadValidationPage("full-process", (await params).params, { showsStates: ["COMPLETED"], stepPage: true });
  const [screens, t] = await Promise.all([getTranslations("screens"), getTranslations("validationProcess.done")]);
  return (
    <SignerFrame brand={page.brand} title={screens("validationFullProcess")}>
      <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-lg font-medium text-slate-900" data-testid="validation-done">
          {t("title")}
        </p>
        <p className="text-slate-700">{t("body")}</p>
        <ValidationCertificateDownload processHexId={page.link.processHexId} urlSign={page.link.urlSign} />
      </section>
    </SignerFrame>
  );
}
