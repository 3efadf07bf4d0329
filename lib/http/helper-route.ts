import { NextResponse, type NextRequest } from "next/server";
import { ZodError } from "zod";
import { AppError, isAppError } from "@/lib/errors/app-error";
import { zodToAppError } from "@/lib/validation/zod-errors";
import { errorFields, logger } from "@/lib/log/logger";
import { rateLimitHeaders } from "@/lib/security/rate-limit";
import { errorBody, requestLocale } from "./api";
import { answerWithRequestId } from "./request-id";

type Handler<P> = (request: NextRequest, params: P) => Promise<Response>;

/**
 * The helper calls (spec §1 "helper layer", §8 "Helpers return a result 0 with a description on
 * failure"): like apiRoute, but a failure answers `{ result: 0, errorCode, description }`, the
 * description in the caller's language, with the code's HTTP status; it also carries the one error shape
 * (errorBody: `message`, the same text, and `fields`).
 */
export function helperRoute<P = Record<string, string>>(handler: Handler<P>) {
  return (request: NextRequest, context: { params: Promise<P> }): Promise<Response> =>
    answerWithRequestId(request, async () => {
      try {
        return await handler(request, await context.params);
      } catch (caught) {
        let error: AppError;
        if (isAppError(caught)) error = caught;
        else if (caught instanceof ZodError) error = zodToAppError(caught);
        else {
          logger("http").error({ method: request.method, ...errorFields(caught) }, "unhandled error in a helper call");
          error = new AppError("SERVER_ERROR");
        }
        const body = errorBody(error, requestLocale(request));
        return NextResponse.json(
          { result: 0, ...body, description: body.message },
          { status: error.status, headers: { "cache-control": "no-store", ...rateLimitHeaders(error) } },
        );
      }
    });
}
