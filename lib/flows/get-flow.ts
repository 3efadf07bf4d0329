import type { AuthContext } from "@/lib/auth/context";
import { findFlow, toFlowView, type FlowView } from "./flow-records";

export async function getFlow(context: AuthContext, hexId: string): Promise<FlowView> {
  return toFlowView(await findFlow(context.organizationId, hexId));
}
