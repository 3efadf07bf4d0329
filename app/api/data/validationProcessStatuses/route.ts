import { NextResponse } from "next/server";
import { requestLocale } from "@/lib/http/api";
import { listValidationProcessStatuses } from "@/lib/validations/statuses";
import { endpoint } from "@/lib/http/endpoint";
import { validationProcessOperations } from "@/lib/openapi/operations/validations";

/** GET /api/data/validationProcessStatuses: spec §3 validation statuses list; public, it names no organisation's data. */
export const GET = endpoint(validationProcessOperations.listValidationProcessStatuses, async (request) =>
  NextResponse.json(listValidationProcessStatuses(requestLocale(request))),
);
