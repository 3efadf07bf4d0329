import { getTranslations } from "next-intl/server";
import type { Brand } from "./process-page";
import { SignerFrame } from "./signer-frame";

/** review-process (signature and validation alike): the evidence awaits the organisation's review; nothing to do yet. */
export async function InReviewScreen({ brand, title }: { brand: Brand; title: string }) {
  const t = await getTranslations("signing.review");
  return (
    <SignerFrame brand={brand} title={title}>
      <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-slate-800" data-testid="in-review">
          {t("body")}
        </p>
      </section>
    </SignerFrame>
  );
}
