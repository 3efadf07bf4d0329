import type { NextRequest } from "next/server";

/** Public signer calls carry the link's secret in this header, never in a query string that proxies log. */
export const urlSignHeader = "x-url-sign";

export function urlSignFrom(request: NextRequest): string | null {
  return request.headers.get(urlSignHeader)?.trim() || null;
}
