import "server-only";
import { cookies } from "next/headers";
import { contextFromToken, type AuthContext } from "./context";
import { apiTokenFromCookies } from "./portal-token";

/** The signed-in staff member for rendering chrome (menu, header); null when there is none. */
export async function currentContext(): Promise<AuthContext | null> {
  const token = await apiTokenFromCookies(await cookies());
  if (!token) return null;
  return contextFromToken(token).catch(() => null);
}
