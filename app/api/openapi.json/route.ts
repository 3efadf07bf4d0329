import { NextResponse } from "next/server";
import { apiRoute } from "@/lib/http/api";
import { openApiDocument } from "@/lib/openapi/document";

// The document depends on the code only: build it once per process.
let document: ReturnType<typeof openApiDocument> | undefined;

export const GET = apiRoute(async () => {
  document ??= openApiDocument();
  return NextResponse.json(document, { headers: { "cache-control": "public, max-age=300" } });
});
