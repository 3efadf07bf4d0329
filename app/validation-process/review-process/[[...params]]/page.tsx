import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { SignerFrame } from "@/components/signing/signer-frame";
import { loadValidationPage } from "@/components/validation-process/validation-page";
import { pagePath } from "@/lib/process-routes";

export const generateMetadata = () => screenMetadata("validationReviewProcess");

/** /validation-process/review-process/{urlSign?}/{processHexId?}: the evidence awaits the organisation's review. */
export default async function ValidationReviewProcessPage({ params }: CatchAllProps) {
  const page = await loadValidationPage("review-process", (await params).params, { showsStates: ["IN_REVIEW"] });
  if (page.live) redirect(pagePath(page.link, page.data.nextPage));
  const [screens, t] = await Promise.all([getTranslations("screens"), getTranslations("signing.review")]);
  return (
    <SignerFrame brand={page.brand} title={screens("validationReviewProcess")}>
      <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-slate-800" data-testid="in-review">
          {t("body")}
        </p>
      </section>
    </SignerFrame>
  );
}
