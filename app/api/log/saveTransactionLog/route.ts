import { NextResponse } from "next/server";
import { z } from "zod";
import { idempotentRoute, parseJson, requireAuth } from "@/lib/http/api";
import { requestMeta } from "@/lib/http/request";
import { saveTransactionLog } from "@/lib/callbacks/transaction-log";

/** Records an event of one of the organisation's shipments or validations in the transaction log (spec §7). */
export const POST = idempotentRoute(async (request) => {
  const context = await requireAuth(request, { kind: "privilege", module: "DOCUMENTO", action: "UPDATE" });
  const body = await parseJson(request, z.unknown());
  return NextResponse.json(await saveTransactionLog(context, body, requestMeta(request.headers).ip), { status: 201 });
});
