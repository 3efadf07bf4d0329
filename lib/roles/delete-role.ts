import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { lockOrganization } from "@/lib/db/lock-organization";
import { AppError } from "@/lib/errors/app-error";
import { assertUserAdministrationRemains, findRole, grantsUserAdministration, roleAuthorityList } from "./role-records";

/** A role held by a user or an API key's user cannot be deleted; nor can the last one administering users. */
export async function deleteRole(context: AuthContext, roleHexId: string, ip: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockOrganization(tx, context.organizationId);
    // The row lock waits for a user being given this role right now (its foreign key check holds a
    // key-share lock on the row), so the count below cannot miss them.
    const locked = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM "Role" WHERE "hexId" = ${roleHexId} AND "organizationId" = ${context.organizationId} FOR UPDATE`;
    if (locked[0] === undefined) throw new AppError("NOT_FOUND");
    const role = await findRole(context, roleHexId, tx);
    if (role._count.users > 0) throw new AppError("ROLE_IN_USE", { users: role._count.users });
    if (grantsUserAdministration(roleAuthorityList(role.privileges)))
      await assertUserAdministrationRemains(tx, context.organizationId, role.id);
    await tx.role.delete({ where: { id: role.id } });
    await logOperation(
      { module: "ROL", organizationId: context.organizationId, userId: context.userId, event: "ROLE_DELETE", ip, recordId: roleHexId },
      tx,
    );
  });
}
