import { db } from "@/lib/db/client";
import { logOperation } from "@/lib/audit/operation-log";
import { redeemLinkCode } from "./one-time-codes";

/** /user-validate/{codigo}: the link mailed at sign-up activates the account. */
export async function validateEmail(code: string) {
  const userId = await redeemLinkCode("EMAIL_VALIDATION", code);
  const user = await db.user.update({ where: { id: userId }, data: { emailVerified: true } });
  await logOperation({ module: "USUARIO", organizationId: user.organizationId, userId, event: "EMAIL_VALIDATED", recordId: user.hexId });
  return { email: user.email };
}
