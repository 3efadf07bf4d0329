import { db } from "@/lib/db/client";
import type { AuthContext } from "@/lib/auth/context";
import { hasAuthority } from "@/lib/permissions/authorities";

export type DashboardCounts = {
  documents?: { total: number; inProgress: number; completed: number; drafts: number };
  myPending?: number;
  contacts?: number;
  users?: number;
  activeFlows?: number;
};

/** Real counts for the caller's organisation; each shows only when the role may see its module. */
export async function getDashboard(context: AuthContext): Promise<DashboardCounts> {
  const organizationId = context.organizationId;
  const can = (module: Parameters<typeof hasAuthority>[1]) => context.platformAdmin || hasAuthority(context.authorities, module, "VIEW");
  const [documents, myPending, contacts, users, activeFlows] = await Promise.all([
    can("DOCUMENTO") ? db.document.groupBy({ by: ["status"], where: { organizationId }, _count: { _all: true } }) : null,
    can("MYSIGN")
      ? db.signer.count({
          where: {
            email: context.email,
            status: { in: ["PENDING", "IN_PROGRESS"] },
            document: { organizationId, status: { in: ["SENT", "IN_PROGRESS"] } },
          },
        })
      : null,
    can("CONTACTO") ? db.contact.count({ where: { organizationId } }) : null,
    // API users (hasApi) are keys, not people.
    can("USUARIO") ? db.user.count({ where: { organizationId, hasApi: false } }) : null,
    can("ORGANIZACION") ? db.flow.count({ where: { organizationId, active: true } }) : null,
  ]);
  const byStatus = (statuses: string[]) =>
    (documents ?? []).filter((d) => statuses.includes(d.status)).reduce((n, d) => n + d._count._all, 0);
  return {
    documents: documents
      ? {
          total: byStatus(["DRAFT", "SCHEDULED", "SENT", "IN_PROGRESS", "IN_REVIEW", "COMPLETED", "REJECTED", "CANCELLED", "EXPIRED"]),
          inProgress: byStatus(["SENT", "IN_PROGRESS", "IN_REVIEW"]),
          completed: byStatus(["COMPLETED"]),
          drafts: byStatus(["DRAFT", "SCHEDULED"]),
        }
      : undefined,
    myPending: myPending ?? undefined,
    contacts: contacts ?? undefined,
    users: users ?? undefined,
    activeFlows: activeFlows ?? undefined,
  };
}
