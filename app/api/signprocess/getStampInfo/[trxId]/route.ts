import { NextResponse } from "next/server";
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
  return NextResponse.json(await stampInfo(trxId), { headers: { "cache-control": "no-store" } });
});
