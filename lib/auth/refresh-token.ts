import { db } from "@/lib/db/client";
import { contextFromToken } from "./context";
import { issueToken } from "./sessions";

/** POST /token/refresh: a new token for the same live session, with authorities read afresh. */
export async function refreshToken(token: string) {
  // Keeps the session alive while a forced password change is under way.
  const context = await contextFromToken(token, ["full"], { duringForcedPasswordChange: true });
  const session = await db.authSession.findUniqueOrThrow({ where: { hexId: context.sessionHexId } });
  return issueToken(session.id, "full");
}
