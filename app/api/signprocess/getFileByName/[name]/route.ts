import { NextResponse } from "next/server";
import { fileByName } from "@/lib/signing/file-by-name";
import { endpoint } from "@/lib/http/endpoint";
import { securityOperations } from "@/lib/openapi/operations/security";

/**
 * GET /api/signprocess/getFileByName/{name} (spec §7): `logo-{organizationHexId}` →
 * `{ result: 1, base64File, mimeType }`; an unknown name `{ result: 0, description }` with 404. Public.
 */
export const GET = endpoint(securityOperations.getFileByName, async (_request, { params: { name } }) => {
  const file = await fileByName(name);
  return NextResponse.json(file, { headers: { "cache-control": "public, max-age=300" } });
});
