import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { apiTokenFromCookies } from "@/lib/auth/portal-token";
import { verifyToken } from "@/lib/auth/tokens";
import { organizationTimeZone as sharedOrganizationTimeZone } from "@/lib/config/organization-time-zone";
import { db } from "@/lib/db/client";
import { localeCookie, resolveLocale } from "./config";
import { messagesFor } from "./messages";

/** Spec §9: UTC by default; a signed-in user sees times in their organisation's organization_tz. */
async function organizationTimeZone(cookieStore: Awaited<ReturnType<typeof cookies>>): Promise<string> {
  const token = await apiTokenFromCookies(cookieStore);
  if (!token) return "UTC";
  const claims = await verifyToken(token).catch(() => null);
  if (!claims) return "UTC";
  const organization = await db.organization.findUnique({ where: { hexId: claims.org }, select: { id: true } });
  return organization ? sharedOrganizationTimeZone(organization.id) : "UTC";
}

// No locale in the URL: spec paths are kept exactly. Pages are Spanish until the user picks English
// with the switcher (a cookie, also stored in their profile); the browser's language is not a choice.
export default getRequestConfig(async () => {
  const cookieStore = await cookies();
  const locale = resolveLocale(cookieStore.get(localeCookie)?.value, null);
  return { locale, timeZone: await organizationTimeZone(cookieStore), messages: messagesFor(locale) };
});
