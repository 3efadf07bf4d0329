import { getTranslations } from "next-intl/server";
import { type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { loadProcessPage } from "@/components/signing/process-page";
import { SignerFrame } from "@/components/signing/signer-frame";
import { processPagePath } from "@/lib/signing/steps";
import { redirect } from "next/navigation";

export const generateMetadata = () => screenMetadata("signatureReviewProcess");

/** /signature-process/review-process/{urlSign?}/{processHexId?}: the evidence awaits a person's review. */
export default async function SignatureReviewProcessPage({ params }: CatchAllProps) {
  const page = await loadProcessPage("review-process", (await params).params, { showsStates: ["IN_REVIEW"] });
  if (page.live) redirect(processPagePath(page.data.nextPage, page.urlSign, page.processHexId));
  const [screens, t] = await Promise.all([getTranslations("screens"), getTranslations("signing.review")]);
  return (
    <SignerFrame brand={page.brand} title={screens("signatureReviewProcess")}>
      <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-slate-800" data-testid="in-review">
          {t("body")}
        </p>
      </section>
    </SignerFrame>
  );
}
