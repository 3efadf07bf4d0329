import type { AuthContext } from "@/lib/auth/context";
import { db, type Tx } from "@/lib/db/client";
import type { Prisma, RolePrivilege } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import { authoritiesFromPrivileges, type ModuleName } from "@/lib/permissions/authorities";
import { apiKeyView, type ApiKeyView } from "./schemas";

export const apiKeyInclude = { user: { include: { role: true } } } satisfies Prisma.ApiKeyInclude;
export type ApiKeyRecord = Prisma.ApiKeyGetPayload<{ include: typeof apiKeyInclude }>;

/** What a role grants, as token authorities; never the platform administrator's. */
export function roleAuthorities(privileges: RolePrivilege[]): string[] {
  return authoritiesFromPrivileges(
    privileges.map((p) => ({ ...p, module: p.module as ModuleName })),
    false,
  );
}

/** Keys are managed by people in the portal: a key that could mint keys would outlive its own revocation. */
export function assertPerson(context: AuthContext): void {
  if (context.apiKeyHexId !== null) throw new AppError("FORBIDDEN");
}

/** One of the caller's organisation's keys; another organisation's is NOT_FOUND, like a missing one. */
export async function findApiKey(context: AuthContext, hexId: string, tx: Tx | typeof db = db): Promise<ApiKeyRecord> {
  const key = await tx.apiKey.findFirst({ where: { hexId, organizationId: context.organizationId }, include: apiKeyInclude });
  if (!key) throw new AppError("NOT_FOUND");
  return key;
}

/**
 * The role a key will act with: one of the caller's organisation's roles, granting nothing the
 * caller lacks, or a key would let its creator act beyond their own privileges.
 */
export async function assignableRole(context: AuthContext, roleHexId: string, tx: Tx) {
  const role = await tx.role.findFirst({
    where: { hexId: roleHexId, organizationId: context.organizationId },
    include: { privileges: true },
  });
  if (!role) throw new AppError("VALIDATION_FAILED", { field: "roleHexId" });
  if (!context.platformAdmin && roleAuthorities(role.privileges).some((a) => !context.authorities.includes(a)))
    throw new AppError("FORBIDDEN", { field: "roleHexId" });
  return role;
}

/** Spec §5: names are unique within the organisation, whatever their case. */
export async function assertNameFree(tx: Tx, organizationId: number, name: string, exceptKeyId?: number): Promise<void> {
  const taken = await tx.apiKey.findFirst({
    where: { organizationId, name: { equals: name, mode: "insensitive" }, id: exceptKeyId ? { not: exceptKeyId } : undefined },
  });
  if (taken) throw new AppError("API_NAME_EXISTS", { field: "name" });
}

/** Two concurrent writes with one name: the database's unique key answers with the same catalogue error. */
export function asNameTaken(error: unknown): never {
  if (error instanceof Error && "code" in error && error.code === "P2002") throw new AppError("API_NAME_EXISTS", { field: "name" });
  throw error;
}

export function toApiKeyView(key: ApiKeyRecord): ApiKeyView {
  return apiKeyView.parse({
    apiUserHexId: key.hexId,
    name: key.name,
    description: key.description,
    prefix: key.keyPrefix,
    enabled: key.enabled,
    role: key.user.role ? { roleHexId: key.user.role.hexId, name: key.user.role.name } : null,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  });
}
