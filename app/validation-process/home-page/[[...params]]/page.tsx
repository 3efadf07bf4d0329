import { getTranslations } from "next-intl/server";
import { type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { AcceptTermsScreen } from "@/components/signing/accept-terms-screen";
import { ProcessHomeScreen } from "@/components/signing/home-screen";
import { SignerFrame } from "@/components/signing/signer-frame";
import { TermsOfUse } from "@/components/signing/terms-of-use";
import { loadValidationPage } from "@/components/validation-process/validation-page";
import { termsVersion } from "@/lib/signing/complete-step";

export const generateMetadata = () => screenMetadata("validationHomePage");

/**
 * /validation-process/home-page/{urlSign?}/{processHexId?}: what the organisation asks and the steps ahead, the
 * location first when the flow asks for it, and the terms of use when the flow has that step (it is this page's).
 */
export default async function ValidationHomePagePage({ params }: CatchAllProps) {
  const page = await loadValidationPage("home-page", (await params).params);
  if (!page.live) return null;
  const [screens, t, steps] = await Promise.all([
    getTranslations("screens"),
    getTranslations("validationProcess.home"),
    getTranslations("validationProcess.steps"),
  ]);
  const { data } = page;
  if (data.nextPage === "home-page" && (!data.geolocateSigners || data.located))
    return (
      <SignerFrame brand={page.brand} title={screens("validationHomePage")}>
        <AcceptTermsScreen link={page.link} termsVersion={termsVersion} canReject stepPage="home-page">
          <TermsOfUse />
        </AcceptTermsScreen>
      </SignerFrame>
    );
  const stepLabels = Object.fromEntries(data.stepOrder.map((step) => [step, steps.has(step) ? steps(step) : step]));
  return (
    <SignerFrame brand={page.brand} title={screens("validationHomePage")}>
      <ProcessHomeScreen link={page.link} data={data} stepLabels={stepLabels}>
        <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid="validation-intro">
          <p className="text-slate-800">{t("intro", { organization: data.nameOrganization })}</p>
          {data.expirationDate ? (
            <p className="mt-2 text-sm text-slate-600">{t("expires", { date: new Date(data.expirationDate) })}</p>
          ) : null}
        </section>
      </ProcessHomeScreen>
    </SignerFrame>
  );
}
