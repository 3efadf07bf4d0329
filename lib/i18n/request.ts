import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { localeCookie, resolveLocale, timeZoneCookie } from "./config";
import { messagesFor } from "./messages";

// No locale in the URL: spec paths are kept exactly. The cookie holds the user's choice.
export default getRequestConfig(async () => {
  const [cookieStore, headerStore] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale(cookieStore.get(localeCookie)?.value, headerStore.get("accept-language"));
  const timeZone = cookieStore.get(timeZoneCookie)?.value || "UTC";
  return { locale, timeZone, messages: messagesFor(locale) };
});
