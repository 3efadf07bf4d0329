import { getTranslations } from "next-intl/server";
import { attemptParams, type CatchAllProps, screenMetadata } from "@/components/layout/route-params";
import { FingerprintScreen } from "@/components/signing/fingerprint-screen";
import { loadProcessPage } from "@/components/signing/process-page";
import { SignerFrame } from "@/components/signing/signer-frame";
import { getConfigValue } from "@/lib/config/values";
import { db } from "@/lib/db/client";

export const generateMetadata = () => screenMetadata("signatureFingerprint");

/**
 * /signature-process/fingerprint/{urlSign?}/{processHexId?}/{numberAttemps?}: the fingerprint step of
 * spec §4 (the signature process lists no page of its own for it; this is its page).
 */
export default async function SignatureFingerprintPage({ params }: CatchAllProps) {
  const page = await loadProcessPage("fingerprint", (await params).params, { stepPage: true, names: attemptParams });
  if (!page.live) return null;
  const organization = await db.organization.findUniqueOrThrow({ where: { hexId: page.brand.organizationHexId }, select: { id: true } });
  const [t, bridgeUrl] = await Promise.all([getTranslations("screens"), getConfigValue(organization.id, "fingerprint_bridge_url")]);
  return (
    <SignerFrame brand={page.brand} title={t("signatureFingerprint")}>
      <FingerprintScreen
        link={{ urlSign: page.urlSign, processHexId: page.processHexId }}
        bridgeUrl={bridgeUrl ?? "http://127.0.0.1:15896"}
      />
    </SignerFrame>
  );
}
