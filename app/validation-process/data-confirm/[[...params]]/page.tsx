import { getTranslations } from "next-intl/server";
import { type CatchAllProps, processParams, screenMetadata } from "@/components/layout/route-params";
import { SignerFrame } from "@/components/signing/signer-frame";
import { loadValidationPage } from "@/components/validation-process/validation-page";
import { ValidationConfirmScreen } from "@/components/validation-process/validation-data-screen";
import { db } from "@/lib/db/client";

export const generateMetadata = () => screenMetadata("validationDataConfirm");

/** /validation-process/data-confirm/{urlSign?}/{processHexId?}/{status?}: the details just entered, to confirm or correct. */
export default async function ValidationDataConfirmPage({ params }: CatchAllProps) {
  const page = await loadValidationPage("data-confirm", (await params).params, { stepPage: true, names: [...processParams, "status"] });
  if (!page.live) return null;
  const { person } = page.data;
  const [country, identType, t] = await Promise.all([
    person.country ? db.country.findUnique({ where: { code: person.country }, select: { name: true } }) : null,
    person.identType ? db.identType.findFirst({ where: { code: person.identType }, select: { name: true } }) : null,
    getTranslations("screens"),
  ]);
  return (
    <SignerFrame brand={page.brand} title={t("validationDataConfirm")}>
      <ValidationConfirmScreen
        link={page.link}
        person={person}
        labels={{ ...(country ? { country: country.name } : {}), ...(identType ? { identType: identType.name } : {}) }}
      />
    </SignerFrame>
  );
}
