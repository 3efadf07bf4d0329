import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { activationIssues, flowConfigIssues } from "./flow-schemas";
import { findFlowForUpdate, flowInclude, storedSteps, throwFirstIssue, toFlowView, type FlowView } from "./flow-records";

/** Spec §5: a flow cannot be activated without the minimum number of steps. */
export async function activateFlow(context: AuthContext, hexId: string, ip: string): Promise<FlowView> {
  return db.$transaction(async (tx) => {
    const flow = await findFlowForUpdate(tx, context.organizationId, hexId);
    const steps = storedSteps(flow);
    throwFirstIssue([
      ...activationIssues({ kind: flow.kind, steps }),
      ...flowConfigIssues({ kind: flow.kind, expirationDays: flow.expirationDays, steps }),
    ]);
    const updated = await tx.flow.update({ where: { id: flow.id }, data: { active: true }, include: flowInclude });
    await logOperation(
      {
        module: "ORGANIZACION",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "FLOW_ACTIVATE",
        ip,
        recordId: flow.hexId,
      },
      tx,
    );
    return toFlowView(updated);
  });
}
