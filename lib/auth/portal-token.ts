import { decode } from "next-auth/jwt";
import { env } from "@/lib/config/env";

export const sessionCookieNames = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

type CookieReader = { get(name: string): { value: string } | undefined };

/** The API token inside the portal's next-auth cookie, or null when there is no usable cookie. */
export async function apiTokenFromCookies(cookies: CookieReader): Promise<string | null> {
  for (const name of sessionCookieNames) {
    const raw = cookies.get(name)?.value;
    if (!raw) continue;
    const decoded = await decode({ token: raw, secret: env().AUTH_SECRET }).catch(() => null);
    if (decoded?.apiToken) return decoded.apiToken;
  }
  return null;
}
