import { getTranslations } from "next-intl/server";
import { attemptParams, type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { FingerprintScreen } from "@/components/signing/fingerprint-screen";
import { SignerFrame } from "@/components/signing/signer-frame";
import { loadValidationPage } from "@/components/validation-process/validation-page";
import { getConfigValue } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import { DEFAULT_FINGERPRINT_BRIDGE_URL } from "@/lib/evidence/fingerprint-bridge-client";

export const generateMetadata = () => screenMetadata("validationFingerprint");

/** /validation-process/fingerprint/{urlSign?}/{processHexId?}/{numberAttemps?}: a finger on the reader connected to this computer. */
export default async function ValidationFingerprintPage({ params }: CatchAllProps) {
  const page = await loadValidationPage("fingerprint", (await params).params, { stepPage: true, names: attemptParams });
  if (!page.live) return null;
  const organization = await db.organization.findUniqueOrThrow({ where: { hexId: page.brand.organizationHexId }, select: { id: true } });
  const [t, bridgeUrl] = await Promise.all([getTranslations("screens"), getConfigValue(organization.id, "fingerprint_bridge_url")]);
  return (
    <SignerFrame brand={page.brand} title={t("validationFingerprint")}>
      <FingerprintScreen link={page.link} bridgeUrl={bridgeUrl ?? DEFAULT_FINGERPRINT_BRIDGE_URL} />
    </SignerFrame>
  );
}
