import type { AuthContext } from "@/lib/auth/context";
import { roleAuthorities } from "@/lib/api-keys/key-records";
import { db, type Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import type { UserView } from "./schemas";

export const userInclude = {
  role: { include: { privileges: true } },
  groups: { include: { group: true } },
  mfaMethods: { where: { active: true }, orderBy: { type: "asc" } },
} satisfies Prisma.UserInclude;
export type UserRecord = Prisma.UserGetPayload<{ include: typeof userInclude }>;

/** One of the caller's organisation's users; another organisation's is NOT_FOUND, like a missing one. */
export async function findUser(context: AuthContext, userHexId: string, tx: Tx | typeof db = db): Promise<UserRecord> {
  const user = await tx.user.findFirst({ where: { hexId: userHexId, organizationId: context.organizationId }, include: userInclude });
  if (!user) throw new AppError("NOT_FOUND");
  return user;
}

/** True when `authorities` grant something the caller lacks: giving or touching them would act beyond the caller's own privileges. */
function exceedsCaller(context: AuthContext, authorities: string[]): boolean {
  return !context.platformAdmin && authorities.some((a) => !context.authorities.includes(a));
}

/**
 * A user the caller may change: a person (an API user's lifecycle is its key's, in /api-management),
 * not a platform administrator unless the caller is one, and whose role grants nothing the caller
 * lacks, or an administrator with USUARIO:UPDATE alone could lock out or take over a stronger account.
 */
export function assertManageable(context: AuthContext, user: UserRecord): void {
  if (user.hasApi) throw new AppError("USER_IS_API_USER");
  if (user.platformAdmin && !context.platformAdmin) throw new AppError("FORBIDDEN");
  if (exceedsCaller(context, roleAuthorities(user.role?.privileges ?? []))) throw new AppError("FORBIDDEN");
}

/** The role to give: one of the caller's organisation's, granting nothing the caller lacks (as for API keys). */
export async function assignableRoleId(context: AuthContext, roleHexIds: string[], tx: Tx): Promise<number | null> {
  const [roleHexId] = roleHexIds;
  if (roleHexId === undefined) return null;
  const role = await tx.role.findFirst({
    where: { hexId: roleHexId, organizationId: context.organizationId },
    include: { privileges: true },
  });
  if (!role) throw new AppError("VALIDATION_FAILED", { field: "roleHexIds" });
  if (exceedsCaller(context, roleAuthorities(role.privileges))) throw new AppError("FORBIDDEN", { field: "roleHexIds" });
  return role.id;
}

/** The groups to put the user in, all of the caller's organisation. */
export async function organizationGroupIds(context: AuthContext, groupHexIds: string[], tx: Tx): Promise<number[]> {
  if (groupHexIds.length === 0) return [];
  const groups = await tx.group.findMany({
    where: { hexId: { in: groupHexIds }, organizationId: context.organizationId },
    select: { id: true },
  });
  if (groups.length !== groupHexIds.length) throw new AppError("VALIDATION_FAILED", { field: "groupHexIds" });
  return groups.map((g) => g.id);
}

/**
 * Spec §5: e-mail and phone belong to one user across the platform (they sign in with them). Checked
 * first for the field at fault; the unique indexes settle two concurrent writes with the same answer.
 */
export async function assertContactFree(tx: Tx, candidate: { email: string; cellPhone: string }, exceptUserId?: number): Promise<void> {
  const others = exceptUserId === undefined ? {} : { id: { not: exceptUserId } };
  if (await tx.user.findFirst({ where: { email: { equals: candidate.email, mode: "insensitive" }, ...others }, select: { id: true } }))
    throw new AppError("EMAIL_IN_USE", { field: "email" });
  if (await tx.user.findFirst({ where: { cellPhone: candidate.cellPhone, ...others }, select: { id: true } }))
    throw new AppError("PHONE_IN_USE", { field: "cellPhone" });
}

export function asContactTaken(error: unknown): never {
  if (error instanceof Error && "code" in error && error.code === "P2002") {
    const detail = JSON.stringify((error as { meta?: unknown }).meta ?? {}) + error.message;
    if (detail.includes("cellPhone")) throw new AppError("PHONE_IN_USE", { field: "cellPhone" });
    throw new AppError("EMAIL_IN_USE", { field: "email" });
  }
  throw error;
}

export function toUserView(user: UserRecord): UserView {
  return {
    userHexId: user.hexId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    cellPhone: user.cellPhone,
    enabled: user.enabled,
    changePassword: user.changePassword,
    hasApi: user.hasApi,
    platformAdmin: user.platformAdmin,
    locked: user.lockedAt !== null,
    invitationPending: user.passwordHash === null && !user.hasApi,
    mfaMethods: user.mfaMethods.map((m) => m.type),
    roles: user.role ? [{ roleHexId: user.role.hexId, name: user.role.name }] : [],
    groups: user.groups.map((m) => ({ groupHexId: m.group.hexId, name: m.group.name })).sort((a, b) => a.name.localeCompare(b.name)),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Every change to a user writes one operation-log row (spec §3), naming the user changed. */
export function userOperation(context: AuthContext, event: string, ip: string, user: { hexId: string }, action?: string) {
  return {
    module: "USUARIO" as const,
    organizationId: context.organizationId,
    userId: context.userId,
    event,
    ip,
    recordId: user.hexId,
    action,
  };
}
