import { NextResponse } from "next/server";
import { requestMeta } from "@/lib/http/request";
import { enforceRateLimit } from "@/lib/security/rate-limit";
import { stampInfo } from "@/lib/stamping/stamp-info";
import { endpoint } from "@/lib/http/endpoint";
import { signerOperations } from "@/lib/openapi/operations/signprocess";

/**
 * GET /api/signprocess/getStampInfo/{trxId} (spec §7) → `{ code: 200, trxid, result: { merkleRoot,
 * networks: [{ name: "lacchain", kind: "testnet", chainId, id, link }, { name: "rollux", kind: "mainnet", … }] } }`.
 * Public (it shows only hashes and transaction ids, which are public on the chains anyway), limited
 * to 60 calls a minute per client address. Errors: STAMPING_INFO_NOT_FOUND, TRANSACTION_NOT_FOUND (404).
 */
export const GET = endpoint(signerOperations.getStampInfo, async (request, { params: { trxId } }) => {
  await enforceRateLimit(`stamp-info:ip:${requestMeta(request.headers).ip}`, 60, 60);
  return NextResponse.json(await stampInfo(trxId), { headers: { "cache-control": "no-store" } });
});
