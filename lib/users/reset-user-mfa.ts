import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import type { UserView } from "./schemas";
import { assertManageable, findUser, toUserView, userInclude, userOperation } from "./user-records";

/**
 * A user who lost their second factor (a phone, an authenticator app): every method and TOTP secret
 * is removed and the failed-code count cleared, so the next sign-in enrols a method again. Live
 * sessions stay: they passed the second factor that was valid then.
 */
export async function resetUserMfa(context: AuthContext, userHexId: string, ip: string): Promise<UserView> {
  const user = await db.$transaction(async (tx) => {
    const current = await findUser(context, userHexId, tx);
    assertManageable(context, current);
    await tx.mfaMethod.deleteMany({ where: { userId: current.id } });
    await tx.oneTimeCode.deleteMany({ where: { userId: current.id, purpose: { in: ["MFA_LOGIN", "MFA_ACTIVATION"] } } });
    const updated = await tx.user.update({ where: { id: current.id }, data: { failedMfaCodes: 0 }, include: userInclude });
    await logOperation(userOperation(context, "USER_MFA_RESET", ip, updated), tx);
    return updated;
  });
  return toUserView(user);
}
