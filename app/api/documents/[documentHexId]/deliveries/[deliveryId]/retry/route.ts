import { NextResponse } from "next/server";
import { idempotentRoute, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { retryDelivery } from "@/lib/documents/retry-delivery";

export const POST = idempotentRoute<{ documentHexId: string; deliveryId: string }>(async (request, params) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "CREATE" });
  return NextResponse.json(await retryDelivery(context, params.documentHexId, params.deliveryId, requestMeta(request.headers).ip));
});
