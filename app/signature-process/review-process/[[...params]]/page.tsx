import { getTranslations } from "next-intl/server";
import { type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { loadProcessPage } from "@/components/signing/process-page";
import { InReviewScreen } from "@/components/signing/in-review-screen";
import { processPagePath } from "@/lib/signing/steps";
import { redirect } from "next/navigation";

export const generateMetadata = () => screenMetadata("signatureReviewProcess");

/** /signature-process/review-process/{urlSign?}/{processHexId?}: the evidence awaits a person's review. */
export default async function SignatureReviewProcessPage({ params }: CatchAllProps) {
  const page = await loadProcessPage("review-process", (await params).params, { showsStates: ["IN_REVIEW"] });
  if (page.live) redirect(processPagePath(page.data.nextPage, page.urlSign, page.processHexId));
  const screens = await getTranslations("screens");
  return <InReviewScreen brand={page.brand} title={screens("signatureReviewProcess")} />;
}
