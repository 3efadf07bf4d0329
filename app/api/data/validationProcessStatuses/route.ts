import { NextResponse } from "next/server";
import { apiRoute, requestLocale } from "@/lib/http/api";
import { listValidationProcessStatuses } from "@/lib/validations/statuses";

/** GET /api/data/validationProcessStatuses: spec §3 validation statuses list; public, it names no organisation's data. */
export const GET = apiRoute(async (request) => NextResponse.json(listValidationProcessStatuses(requestLocale(request))));
