import { db } from "@/lib/db/client";
import { logOperation } from "@/lib/audit/operation-log";
import { issueCode } from "./one-time-codes";
import { sendAuthMail } from "./notify-user";
import type { RequestMeta } from "./sessions";

/**
 * Blocks a user (spec §8 "user blocked, recover password") after too many wrong passwords or
 * second-factor codes, and mails the unlock link. Only the call that sets the block mails and logs.
 */
export async function blockUser(userId: number, meta: RequestMeta, reason: "password" | "mfa"): Promise<void> {
  const locked = await db.user.updateMany({ where: { id: userId, lockedAt: null }, data: { lockedAt: new Date() } });
  if (locked.count !== 1) return;
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  const code = await issueCode(user.id, "UNLOCK");
  await sendAuthMail(user, { kind: "unlock", code });
  await logOperation({
    module: "USUARIO",
    organizationId: user.organizationId,
    userId: user.id,
    event: "USER_BLOCKED",
    action: reason === "mfa" ? "USER_BLOCKED_MFA" : undefined,
    ip: meta.ip,
    recordId: user.hexId,
  });
}
