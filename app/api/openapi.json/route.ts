import { NextResponse } from "next/server";
import { openApiDocument } from "@/lib/openapi/document";
import { endpoint } from "@/lib/http/endpoint";
import { publicFileOperations } from "@/lib/openapi/operations/public-files";

// The document depends on the code only: build it once per process.
let document: ReturnType<typeof openApiDocument> | undefined;

export const GET = endpoint(publicFileOperations.openApiDocument, async () => {
  document ??= openApiDocument();
  return NextResponse.json(document, { headers: { "cache-control": "public, max-age=300" } });
});
