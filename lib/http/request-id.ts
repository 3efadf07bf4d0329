import { requestIdFrom, withLogContext } from "@/lib/log/logger";

/** The header a request id arrives in (a client's or a proxy's) and every API answer returns it in. */
export const requestIdHeader = "x-request-id";

/**
 * Answers a request inside its log context: the id the client sent (when short and plain) or a new one, on every line
 * logged and every job enqueued while it is answered, and in the answer's X-Request-Id.
 */
export async function answerWithRequestId(request: Request, answer: () => Promise<Response>): Promise<Response> {
  const requestId = requestIdFrom(request.headers.get(requestIdHeader));
  const response = await withLogContext({ requestId }, answer);
  try {
    response.headers.set(requestIdHeader, requestId);
    return response;
  } catch {
    // Immutable headers (Response.redirect, a fetched answer passed on): the same answer, with headers of its own.
    const copy = new Response(response.body, response);
    copy.headers.set(requestIdHeader, requestId);
    return copy;
  }
}
