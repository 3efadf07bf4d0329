import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { assertPerson, findApiKey } from "./key-records";

/**
 * Deletes a key: it is refused from its next call on and its name is free again. Its API user
 * stays, disabled, because operation logs and records the key created point at it.
 */
export async function deleteApiKey(context: AuthContext, hexId: string, ip: string): Promise<void> {
  assertPerson(context);
  await db.$transaction(async (tx) => {
    const current = await findApiKey(context, hexId, tx);
    await tx.apiKey.delete({ where: { id: current.id } });
    await tx.user.update({ where: { id: current.userId }, data: { enabled: false } });
    await logOperation(
      {
        module: "ORGANIZACION",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "API_KEY_DELETE",
        ip,
        recordId: current.hexId,
        action: `delete API key ${current.keyPrefix}… "${current.name}"`,
      },
      tx,
    );
  });
}
