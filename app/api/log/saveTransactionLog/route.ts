import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { saveTransactionLog } from "@/lib/callbacks/transaction-log";
import { endpoint } from "@/lib/http/endpoint";
import { logOperations } from "@/lib/openapi/operations/logs";

/** Records an event of one of the organisation's shipments or validations in the transaction log (spec §7). */
export const POST = endpoint(logOperations.saveTransactionLog, async (request, { context, json: body }) => {
  return NextResponse.json(await saveTransactionLog(context, body, requestMeta(request.headers).ip), { status: 201 });
});
