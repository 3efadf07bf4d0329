import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import type { UserView } from "./schemas";
import { assertManageable, findUser, toUserView, userInclude, userOperation } from "./user-records";

/**
 * Spec §6 changePassword: the user must choose a new password before anything else. The flag is
 * read from the user on every staff call (lib/auth/context.ts), so a live session obeys it at once.
 */
export async function forcePasswordChange(context: AuthContext, userHexId: string, ip: string): Promise<UserView> {
  const user = await db.$transaction(async (tx) => {
    const current = await findUser(context, userHexId, tx);
    assertManageable(context, current);
    const updated = await tx.user.update({ where: { id: current.id }, data: { changePassword: true }, include: userInclude });
    await logOperation(userOperation(context, "USER_FORCE_PASSWORD_CHANGE", ip, updated), tx);
    return updated;
  });
  return toUserView(user);
}
