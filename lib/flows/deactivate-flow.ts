import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { lockOrganization } from "@/lib/db/lock-organization";
import { AppError } from "@/lib/errors/app-error";
import { findFlowForUpdate, flowInclude, toFlowView, type FlowView } from "./flow-records";

/** Spec §4: the default flow must stay active until another flow is made default. */
export async function deactivateFlow(context: AuthContext, hexId: string, ip: string): Promise<FlowView> {
  return db.$transaction(async (tx) => {
    await lockOrganization(tx, context.organizationId);
    const flow = await findFlowForUpdate(tx, context.organizationId, hexId);
    if (flow.isDefault) throw new AppError("FLOW_DEFAULT_LOCKED");
    const updated = await tx.flow.update({ where: { id: flow.id }, data: { active: false }, include: flowInclude });
    await logOperation(
      {
        module: "ORGANIZACION",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "FLOW_DEACTIVATE",
        ip,
        recordId: flow.hexId,
      },
      tx,
    );
    return toFlowView(updated);
  });
}
