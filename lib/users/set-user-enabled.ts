import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import type { UserView } from "./schemas";
import { assertManageable, findUser, toUserView, userInclude, userOperation } from "./user-records";

/**
 * Disables or enables a user. Disabling ends their live sessions in the same transaction, so every
 * token they hold answers 401 on its next call; enabling lets them sign in again (no session comes back).
 */
export async function setUserEnabled(context: AuthContext, userHexId: string, enabled: boolean, ip: string): Promise<UserView> {
  const user = await db.$transaction(async (tx) => {
    const current = await findUser(context, userHexId, tx);
    // An administrator who disabled themselves could not undo it, and might leave the organisation with none.
    if (current.id === context.userId && !enabled) throw new AppError("USER_DISABLE_SELF");
    assertManageable(context, current);
    if (!enabled)
      await tx.authSession.updateMany({
        where: { userId: current.id, endedAt: null },
        data: { endedAt: new Date(), endReason: "disabled" },
      });
    const updated = await tx.user.update({ where: { id: current.id }, data: { enabled }, include: userInclude });
    await logOperation(userOperation(context, enabled ? "USER_ENABLE" : "USER_DISABLE", ip, updated), tx);
    return updated;
  });
  return toUserView(user);
}
