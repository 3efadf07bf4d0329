import { db } from "@/lib/db/client";
import { logOperation } from "@/lib/audit/operation-log";
import { redeemLinkCode } from "./one-time-codes";

/** /unlock/{codigo}: the link mailed when the user was blocked lifts the block. */
export async function unlockUser(code: string) {
  const userId = await redeemLinkCode("UNLOCK", code);
  const user = await db.user.update({ where: { id: userId }, data: { lockedAt: null, failedLogins: 0, failedMfaCodes: 0 } });
  await logOperation({ module: "USUARIO", organizationId: user.organizationId, userId, event: "USER_UNLOCKED", recordId: user.hexId });
  return { email: user.email };
}
