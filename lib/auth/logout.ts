import { logOperation } from "@/lib/audit/operation-log";
import { verifyToken } from "./tokens";
import { endSession } from "./sessions";
import { db } from "@/lib/db/client";
import type { RequestMeta } from "./sessions";

/** Ends the session behind a token; an already expired or ended token is simply accepted. */
export async function logout(token: string, meta: RequestMeta): Promise<void> {
  const claims = await verifyToken(token).catch(() => null);
  if (!claims) return;
  const session = await db.authSession.findUnique({ where: { hexId: claims.sid } });
  if (!session || session.endedAt) return;
  await endSession(claims.sid, "logout");
  await logOperation({
    module: "USUARIO",
    organizationId: session.organizationId,
    userId: session.userId,
    event: "LOGOUT",
    ip: meta.ip,
    recordId: session.hexId,
  });
}
