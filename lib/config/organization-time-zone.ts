import { safeTimeZone } from "@/lib/i18n/format";
import { getConfigValue } from "./values";

/**
 * Spec §9: the one zone every time shown to people is read on (organization_tz; UTC by default): the
 * portal, /validateDocs, the mails and the audit certificate alike, and the zone a typed time is meant in.
 */
export async function organizationTimeZone(organizationId: number): Promise<string> {
  return safeTimeZone(await getConfigValue(organizationId, "organization_tz"));
}
