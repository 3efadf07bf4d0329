import type { NextRequest } from "next/server";
import { AppError } from "@/lib/errors/app-error";
import { errorResponse, requestLocale } from "@/lib/http/api";
import { answerWithRequestId } from "@/lib/http/request-id";

// Any path under /api that no route serves: the catalogue's JSON 404, not the site's HTML page, for every method.
function notFound(request: NextRequest): Promise<Response> {
  return answerWithRequestId(request, async () => errorResponse(new AppError("NOT_FOUND"), requestLocale(request)));
}

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
