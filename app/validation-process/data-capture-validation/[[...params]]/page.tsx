import { getTranslations } from "next-intl/server";
import { type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { SignerFrame } from "@/components/signing/signer-frame";
import { loadValidationPage } from "@/components/validation-process/validation-page";
import { ValidationDataScreen } from "@/components/validation-process/validation-data-screen";
import { db } from "@/lib/db/client";

export const generateMetadata = () => screenMetadata("validationDataCapture");

/** /validation-process/data-capture-validation/{urlSign?}/{processHexId?}: the person's names and identity document. */
export default async function ValidationDataCapturePage({ params }: CatchAllProps) {
  const page = await loadValidationPage("data-capture-validation", (await params).params, { stepPage: true });
  if (!page.live) return null;
  const [countries, organization, t] = await Promise.all([
    db.country.findMany({
      orderBy: { name: "asc" },
      include: { identTypes: { orderBy: { name: "asc" }, select: { code: true, name: true } } },
    }),
    db.organization.findUniqueOrThrow({ where: { hexId: page.brand.organizationHexId }, select: { country: true } }),
    getTranslations("screens"),
  ]);
  return (
    <SignerFrame brand={page.brand} title={t("validationDataCapture")}>
      <ValidationDataScreen
        link={page.link}
        person={page.data.person}
        defaultCountry={organization.country}
        countries={countries.map((c) => ({ code: c.code, name: c.name, identTypes: c.identTypes }))}
      />
    </SignerFrame>
  );
}
