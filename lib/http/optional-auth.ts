import type { NextRequest } from "next/server";
import type { AuthContext } from "@/lib/auth/context";
import { isAppError } from "@/lib/errors/app-error";
import { callerContext } from "./api";

/**
 * The caller when a valid token or API key is present; null for anonymous callers. A bad one is still
 * an error. These routes (language, configuration reads) serve the /ChangePass screen too, so a
 * forced password change does not refuse them.
 */
export async function optionalAuth(request: NextRequest): Promise<AuthContext | null> {
  const sentCredentials = request.headers.has("authorization") || request.headers.has("x-api-key");
  const hasToken = sentCredentials || request.cookies.getAll().some((c) => c.name.endsWith("next-auth.session-token"));
  if (!hasToken) return null;
  try {
    return await callerContext(request, ["full"], { duringForcedPasswordChange: true });
  } catch (error) {
    // A stale portal cookie makes an anonymous caller; a bad Bearer token or key is the integrator's error.
    if (isAppError(error) && error.status === 401 && !sentCredentials) return null;
    throw error;
  }
}
