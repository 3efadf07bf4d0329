import { metricsTokenMatches, scrape } from "@/lib/health/metrics";
import { AppError } from "@/lib/errors/app-error";
import { enforceRateLimit, refuseOverLimit } from "@/lib/security/rate-limit";
import { rateLimits } from "@/lib/security/rate-limits";
import { requestMeta } from "@/lib/http/request";
import { endpoint } from "@/lib/http/endpoint";
import { healthOperations } from "@/lib/openapi/operations/health";

// Prometheus metrics, for the bearer of METRICS_TOKEN only; with no token configured nobody may read them.
export const dynamic = "force-dynamic";

export const GET = endpoint(healthOperations.metrics, async (request) => {
  const header = request.headers.get("authorization");
  const presented = header?.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() : null;
  const ip = requestMeta(request.headers).ip;
  await refuseOverLimit(rateLimits.metricsTokenFailures, ip);
  const matches = metricsTokenMatches(presented);
  if (matches === null) throw new AppError("FORBIDDEN");
  if (!matches) {
    await enforceRateLimit(rateLimits.metricsTokenFailures, ip);
    throw new AppError("UNAUTHENTICATED");
  }
  const { contentType, body } = await scrape();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
});
