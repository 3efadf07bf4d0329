import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { logOperation } from "@/lib/audit/operation-log";
import { profileInput } from "@/lib/validation/account-schemas";
import type { AuthContext } from "./context";

/** /profile: a user edits their own name and phone; e-mail and role belong to administrators. */
export async function updateProfile(context: AuthContext, raw: unknown, ip: string) {
  const input = profileInput.parse(raw);
  const taken = await db.user.findFirst({ where: { cellPhone: input.cellPhone, id: { not: context.userId } } });
  if (taken) throw new AppError("PHONE_IN_USE", { field: "cellPhone" });
  const user = await db.user.update({ where: { id: context.userId }, data: input });
  await logOperation({
    module: "USUARIO",
    organizationId: context.organizationId,
    userId: context.userId,
    event: "PROFILE_UPDATE",
    ip,
    recordId: user.hexId,
  });
  return { firstName: user.firstName, lastName: user.lastName, cellPhone: user.cellPhone };
}
