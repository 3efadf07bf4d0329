import type { RequestMeta } from "@/lib/auth/sessions";

/** Client address as seen by the first proxy we trust; the socket address is not exposed by Next. */
export function requestMeta(headers: Headers): RequestMeta {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return {
    ip: forwarded || headers.get("x-real-ip") || "127.0.0.1",
    userAgent: headers.get("user-agent") ?? "",
  };
}
