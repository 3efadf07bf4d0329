import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { inviteToSetPassword } from "@/lib/auth/change-password";
import { AppError } from "@/lib/errors/app-error";
import type { UserView } from "./schemas";
import { assertManageable, findUser, toUserView, userOperation } from "./user-records";

/**
 * Mails a new /SetPass link to a user who has not chosen a password yet: the first link lasts a
 * week and the mail may not have arrived. The new link replaces the old one.
 */
export async function resendInvitation(context: AuthContext, userHexId: string, ip: string): Promise<UserView> {
  const user = await findUser(context, userHexId);
  assertManageable(context, user);
  if (user.passwordHash !== null) throw new AppError("USER_NOT_INVITED");
  await inviteToSetPassword(user.id);
  await logOperation(userOperation(context, "USER_INVITE_RESEND", ip, user));
  return toUserView(user);
}
