import { NextResponse } from "next/server";
import { helperRoute } from "@/lib/http/helper-route";
import { fileByName } from "@/lib/signing/file-by-name";

/**
 * GET /api/signprocess/getFileByName/{name} (spec §7): `logo-{organizationHexId}` →
 * `{ result: 1, base64File, mimeType }`; an unknown name `{ result: 0, description }` with 404. Public.
 */
export const GET = helperRoute<{ name: string }>(async (_request, { name }) => {
  const file = await fileByName(name);
  return NextResponse.json(file, { headers: { "cache-control": "public, max-age=300" } });
});
