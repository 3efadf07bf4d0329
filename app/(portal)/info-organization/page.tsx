import { getTranslations } from "next-intl/server";
import { OrganizationProfileScreen } from "@/components/organization-profile/organization-profile-screen";
import { screenMetadata } from "@/components/layout/route-params";
import { PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/auth/page-guard";
import { getOrganizationProfile } from "@/lib/organizations/profile";
import { getSealCertificate } from "@/lib/organizations/seal-certificate";
import { satisfies } from "@/lib/permissions/routes";

export const generateMetadata = () => screenMetadata("infoOrganization");

/** Every IANA zone this runtime knows, UTC first. */
function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...zones.filter((zone) => zone !== "UTC")];
}

/** /info-organization: the organisation's profile and seal certificate (ORGANIZACION:VIEW; changes need ORGANIZACION:UPDATE). */
export default async function InfoOrganizationPage() {
  const context = await requirePage("/info-organization");
  const t = await getTranslations("orgProfile");
  const canUpdate = satisfies(context.authorities, { kind: "privilege", module: "ORGANIZACION", action: "UPDATE" });
  const [profile, certificate] = await Promise.all([
    getOrganizationProfile(context.organizationId),
    getSealCertificate(context.organizationId),
  ]);
  return (
    <div className="mx-auto max-w-4xl">
      <PageTitle subtitle={t("subtitle")}>{t("title")}</PageTitle>
      <OrganizationProfileScreen profile={profile} certificate={certificate} canUpdate={canUpdate} timeZones={timeZones()} />
    </div>
  );
}
