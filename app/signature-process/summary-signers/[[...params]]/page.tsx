import { getTranslations } from "next-intl/server";
import { type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { loadProcessPage } from "@/components/signing/process-page";
import { SignerFrame } from "@/components/signing/signer-frame";
import { SignersList } from "@/components/signing/signers-list";
import { signersSummary } from "@/lib/signing/signers-summary";

export const generateMetadata = () => screenMetadata("signatureSummarySigners");

/** /signature-process/summary-signers/{urlSign?}/{processHexId?}: every signer of the shipment and where they stand. */
export default async function SignatureSummarySignersPage({ params }: CatchAllProps) {
  const page = await loadProcessPage("summary-signers", (await params).params, { showsStates: ["COMPLETED", "SHIPMENT_COMPLETED"] });
  const [screens, signers] = await Promise.all([getTranslations("screens"), signersSummary(page.processHexId)]);
  return (
    <SignerFrame brand={page.brand} title={screens("signatureSummarySigners")}>
      <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <SignersList signers={signers} />
      </section>
    </SignerFrame>
  );
}
