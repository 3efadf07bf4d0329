import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { db, type Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import type { GroupView } from "./schemas";

export const groupInclude = {
  members: {
    include: { user: { select: { hexId: true, firstName: true, lastName: true, email: true } } },
    orderBy: [{ user: { lastName: "asc" } }, { user: { firstName: "asc" } }],
  },
} satisfies Prisma.GroupInclude;
export type GroupRecord = Prisma.GroupGetPayload<{ include: typeof groupInclude }>;

export function toGroupView(group: GroupRecord): GroupView {
  return {
    groupHexId: group.hexId,
    name: group.name,
    description: group.description,
    members: group.members.map(({ user }) => ({
      userHexId: user.hexId,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
    })),
    createdAt: group.createdAt.toISOString(),
  };
}

/** One of the caller's organisation's groups; another organisation's is NOT_FOUND, like a missing one. */
export async function findGroup(context: AuthContext, groupHexId: string, tx: Tx | typeof db = db): Promise<GroupRecord> {
  const group = await tx.group.findFirst({ where: { hexId: groupHexId, organizationId: context.organizationId }, include: groupInclude });
  if (!group) throw new AppError("NOT_FOUND");
  return group;
}

/** Spec §5: group names are unique within the organisation, whatever their case. */
export async function assertGroupNameFree(tx: Tx, organizationId: number, name: string, exceptGroupId?: number): Promise<void> {
  const taken = await tx.group.findFirst({
    where: { organizationId, name: { equals: name, mode: "insensitive" }, id: exceptGroupId ? { not: exceptGroupId } : undefined },
  });
  if (taken) throw new AppError("GROUP_NAME_EXISTS", { field: "name" });
}

export function asGroupNameTaken(error: unknown): never {
  if (error instanceof Error && "code" in error && error.code === "P2002") throw new AppError("GROUP_NAME_EXISTS", { field: "name" });
  throw error;
}

/** Every change to a group writes one operation-log row under GRUPO. */
export async function logGroupOperation(context: AuthContext, event: string, recordId: string, ip: string, tx: Tx) {
  await logOperation({ module: "GRUPO", organizationId: context.organizationId, userId: context.userId, event, ip, recordId }, tx);
}
