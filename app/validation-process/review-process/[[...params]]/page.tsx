import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { InReviewScreen } from "@/components/signing/in-review-screen";
import { loadValidationPage } from "@/components/validation-process/validation-page";
import { pagePath } from "@/lib/process-routes";

export const generateMetadata = () => screenMetadata("validationReviewProcess");

/** /validation-process/review-process/{urlSign?}/{processHexId?}: the evidence awaits the organisation's review. */
export default async function ValidationReviewProcessPage({ params }: CatchAllProps) {
  const page = await loadValidationPage("review-process", (await params).params, { showsStates: ["IN_REVIEW"] });
  if (page.live) redirect(pagePath(page.link, page.data.nextPage));
  const screens = await getTranslations("screens");
  return <InReviewScreen brand={page.brand} title={screens("validationReviewProcess")} />;
}
