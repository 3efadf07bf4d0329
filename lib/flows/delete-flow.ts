import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { lockOrganization } from "@/lib/db/lock-organization";
import { AppError } from "@/lib/errors/app-error";
import { findFlowForUpdate, usageCount } from "./flow-records";

/** Spec §4: the default cannot be deleted, and a used flow stays as the record of what was sent. */
export async function deleteFlow(context: AuthContext, hexId: string, ip: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockOrganization(tx, context.organizationId);
    const flow = await findFlowForUpdate(tx, context.organizationId, hexId);
    if (flow.isDefault) throw new AppError("FLOW_DEFAULT_LOCKED");
    if (usageCount(flow) > 0) throw new AppError("FLOW_IN_USE");
    await tx.flow.delete({ where: { id: flow.id } });
    await logOperation(
      {
        module: "ORGANIZACION",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "FLOW_DELETE",
        ip,
        recordId: flow.hexId,
      },
      tx,
    );
  });
}
