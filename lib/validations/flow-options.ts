import type { AuthContext } from "@/lib/auth/context";
import { db } from "@/lib/db/client";

export type ValidationFlowOption = { flowHexId: string; name: string; isDefault: boolean };

/** The flows a link may use, for the /validations form: the organisation's active validation flows, the default first. */
export async function validationFlowOptions(context: AuthContext): Promise<ValidationFlowOption[]> {
  const flows = await db.flow.findMany({
    where: { organizationId: context.organizationId, kind: "VALIDATION", active: true },
    select: { hexId: true, name: true, isDefault: true },
    orderBy: [{ isDefault: "desc" }, { name: "asc" }],
  });
  return flows.map((flow) => ({ flowHexId: flow.hexId, name: flow.name, isDefault: flow.isDefault }));
}
