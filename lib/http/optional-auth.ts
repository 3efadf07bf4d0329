import type { NextRequest } from "next/server";
import type { AuthContext } from "@/lib/auth/context";
import { isAppError } from "@/lib/errors/app-error";
import { requireAuth } from "./api";

/** The caller when a valid token is present; null for anonymous callers. A bad token is still an error. */
export async function optionalAuth(request: NextRequest): Promise<AuthContext | null> {
  const hasToken = request.headers.has("authorization") || request.cookies.getAll().some((c) => c.name.endsWith("next-auth.session-token"));
  if (!hasToken) return null;
  try {
    return await requireAuth(request);
  } catch (error) {
    // A stale portal cookie makes an anonymous caller; a bad Bearer token is the integrator's error.
    if (isAppError(error) && error.status === 401 && !request.headers.has("authorization")) return null;
    throw error;
  }
}
