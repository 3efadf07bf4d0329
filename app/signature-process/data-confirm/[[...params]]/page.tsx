import { getTranslations } from "next-intl/server";
import { type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { DataConfirmScreen } from "@/components/signing/data-confirm-screen";
import { loadProcessPage } from "@/components/signing/process-page";
import { SignerFrame } from "@/components/signing/signer-frame";
import { db } from "@/lib/db/client";

export const generateMetadata = () => screenMetadata("signatureDataConfirm");

/** /signature-process/data-confirm/{urlSign?}/{processHexId?} */
export default async function SignatureDataConfirmPage({ params }: CatchAllProps) {
  const page = await loadProcessPage("data-confirm", (await params).params, { stepPage: true });
  if (!page.live) return null;
  const [countries, t] = await Promise.all([
    db.country.findMany({
      orderBy: { name: "asc" },
      include: { identTypes: { orderBy: { name: "asc" }, select: { code: true, name: true } } },
    }),
    getTranslations("screens"),
  ]);
  return (
    <SignerFrame brand={page.brand} title={t("signatureDataConfirm")}>
      <DataConfirmScreen
        link={{ urlSign: page.urlSign, processHexId: page.processHexId }}
        data={page.data}
        countries={countries.map((c) => ({ code: c.code, name: c.name, identTypes: c.identTypes }))}
      />
    </SignerFrame>
  );
}
