import { NextResponse } from "next/server";
import { localeCookie, toDbLanguage } from "@/lib/i18n/config";
import { db } from "@/lib/db/client";
import { logOperation } from "@/lib/audit/operation-log";
import { requestMeta } from "@/lib/http/request";
import { httpsSite } from "@/lib/http/https-site";
import { endpoint } from "@/lib/http/endpoint";
import { accountOperations } from "@/lib/openapi/operations/account";

/** The language switcher: a cookie for everyone, and the signed-in user's stored preference. */
export const POST = endpoint(accountOperations.setLocale, async (request, { context, body }) => {
  const { locale } = body;
  if (context) {
    await db.user.update({ where: { id: context.userId }, data: { preferredLanguage: toDbLanguage(locale) } });
    await logOperation({
      module: "USUARIO",
      organizationId: context.organizationId,
      userId: context.userId,
      event: "LANGUAGE_CHANGE",
      action: `LANGUAGE_${locale}`,
      ip: requestMeta(request.headers).ip,
      recordId: context.userHexId,
    });
  }
  const response = NextResponse.json({ locale });
  response.cookies.set(localeCookie, locale, { path: "/", sameSite: "lax", secure: httpsSite(), maxAge: 60 * 60 * 24 * 365 });
  return response;
});
