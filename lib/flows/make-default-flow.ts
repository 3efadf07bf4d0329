import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db } from "@/lib/db/client";
import { lockOrganization } from "@/lib/db/lock-organization";
import { activationIssues, flowConfigIssues } from "./flow-schemas";
import { findFlowForUpdate, flowInclude, storedSteps, throwFirstIssue, toFlowView, type FlowView } from "./flow-records";

/**
 * One default flow per organisation and kind. Making a flow default activates it (the default
 * must be active) and clears the previous default, in one transaction.
 */
export async function makeDefaultFlow(context: AuthContext, hexId: string, ip: string): Promise<FlowView> {
  return db.$transaction(async (tx) => {
    await lockOrganization(tx, context.organizationId);
    const flow = await findFlowForUpdate(tx, context.organizationId, hexId);
    const steps = storedSteps(flow);
    throwFirstIssue([
      ...activationIssues({ kind: flow.kind, steps }),
      ...flowConfigIssues({ kind: flow.kind, expirationDays: flow.expirationDays, steps }),
    ]);
    await tx.flow.updateMany({
      where: { organizationId: context.organizationId, kind: flow.kind, isDefault: true, id: { not: flow.id } },
      data: { isDefault: false },
    });
    const updated = await tx.flow.update({ where: { id: flow.id }, data: { isDefault: true, active: true }, include: flowInclude });
    await logOperation(
      {
        module: "ORGANIZACION",
        organizationId: context.organizationId,
        userId: context.userId,
        event: "FLOW_DEFAULT",
        ip,
        recordId: flow.hexId,
      },
      tx,
    );
    return toFlowView(updated);
  });
}
