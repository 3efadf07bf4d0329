import "server-only";
import { cookies } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { isAppError } from "@/lib/errors/app-error";
import { requirementFor, satisfies } from "@/lib/permissions/routes";
import { contextFromToken, type AuthContext } from "./context";
import { apiTokenFromCookies } from "./portal-token";
import { signinPathFor } from "./signin-path";

/**
 * Every portal page calls this first with its own path. No session, an expired or idle one go to
 * /signin/{path}; a forced password change goes to /ChangePass; a role without the page's
 * privilege gets the forbidden page. Checked on the server on every render.
 */
export async function requirePage(path: string): Promise<AuthContext> {
  const token = await apiTokenFromCookies(await cookies());
  if (!token) redirect(signinPathFor(path));
  let context: AuthContext;
  try {
    context = await contextFromToken(token);
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === "PASSWORD_CHANGE_REQUIRED") redirect("/ChangePass");
    // The sign-in page says why: an expired or idle session, or a disabled organisation.
    const shown = ["SESSION_EXPIRED_INACTIVITY", "SESSION_EXPIRED", "ORGANIZATION_DISABLED"];
    const reason = shown.includes(error.code) ? `?reason=${error.code}` : "";
    redirect(`${signinPathFor(path)}${reason}`);
  }
  if (!satisfies(context.authorities, requirementFor(path))) forbidden();
  return context;
}

/** For pages open to any signed-in user outside the portal menu (/ChangePass). */
export async function requireSignedIn(path: string): Promise<AuthContext> {
  const token = await apiTokenFromCookies(await cookies());
  if (!token) redirect(signinPathFor(path));
  try {
    return await contextFromToken(token, ["full"], { duringForcedPasswordChange: true });
  } catch (error) {
    if (!isAppError(error)) throw error;
    redirect(signinPathFor(path));
  }
}
