import type { AuthContext } from "@/lib/auth/context";
import { logOperation } from "@/lib/audit/operation-log";
import { inviteToSetPassword } from "@/lib/auth/change-password";
import { db, type Tx } from "@/lib/db/client";
import type { Organization, Prisma } from "@/lib/db/generated/client";
import { getConfigNumber } from "@/lib/config/values";
import { AppError } from "@/lib/errors/app-error";
import { wholeList, type ListPage } from "@/lib/http/list-page";
import { toDbLanguage, type Locale } from "@/lib/i18n/config";
import { defaultRoles } from "@/lib/permissions/default-roles";
import { asContactTaken, assertContactFree } from "@/lib/users/user-records";
import {
  listOrganizationsQuery,
  managerInput,
  organizationInput,
  type ManagerView,
  type OrganizationPage,
  type OrganizationView,
} from "./admin-schemas";
import { createOrganization } from "./create-organization";

// Organisations and their administrators, for platform administrators only (/organization,
// /managers). The routes require { kind: "platformAdmin" }; these functions check it again, so no
// other caller can reach them by mistake.

function assertPlatformAdmin(context: AuthContext): void {
  if (!context.platformAdmin || context.apiKeyHexId !== null) throw new AppError("FORBIDDEN");
}

/** Writes the row in the organisation acted upon, so its own operation log shows who changed it. */
function organizationOperation(context: AuthContext, event: string, ip: string, organizationId: number, recordId: string) {
  return { module: "ORGANIZACION" as const, organizationId, userId: context.userId, event, ip, recordId };
}

function toView(organization: Organization & { _count: { users: number } }): OrganizationView {
  return {
    organizationHexId: organization.hexId,
    name: organization.name,
    country: organization.country,
    timezone: organization.timezone,
    enabled: organization.active,
    users: organization._count.users,
    createdAt: organization.createdAt.toISOString(),
  };
}

const withUserCount = { _count: { select: { users: true } } } as const;

async function findOrganization(organizationHexId: string, tx: Tx | typeof db = db) {
  const organization = await tx.organization.findUnique({ where: { hexId: organizationHexId }, include: withUserCount });
  if (!organization) throw new AppError("NOT_FOUND");
  return organization;
}

/** Organisation names are unique regardless of case, so two organisations are never confused in lists and mails. */
async function assertNameFree(tx: Tx, name: string, exceptId?: number): Promise<void> {
  const taken = await tx.organization.findFirst({
    where: { name: { equals: name, mode: "insensitive" }, ...(exceptId === undefined ? {} : { id: { not: exceptId } }) },
    select: { id: true },
  });
  if (taken) throw new AppError("ORGANIZATION_NAME_EXISTS", { field: "name" });
}

/** Serialises name checks across concurrent creations and renames. */
async function lockNames(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('organization-names'))`;
}

export async function listOrganizations(context: AuthContext, raw: unknown): Promise<OrganizationPage> {
  assertPlatformAdmin(context);
  const { search, page, size: asked } = listOrganizationsQuery.parse(raw);
  const size = asked ?? (await getConfigNumber(context.organizationId, "default_page_size"));
  const where: Prisma.OrganizationWhereInput = search ? { name: { contains: search, mode: "insensitive" } } : {};
  const [total, organizations] = await Promise.all([
    db.organization.count({ where }),
    // The id breaks ties, so a page never repeats or skips an organisation.
    db.organization.findMany({ where, include: withUserCount, orderBy: [{ name: "asc" }, { id: "asc" }], skip: page * size, take: size }),
  ]);
  return {
    _embedded: { organizations: organizations.map(toView) },
    page: { size, totalElements: total, totalPages: Math.ceil(total / size), number: page },
  };
}

export async function getOrganization(context: AuthContext, organizationHexId: string): Promise<OrganizationView> {
  assertPlatformAdmin(context);
  return toView(await findOrganization(organizationHexId));
}

/** A new organisation with its default roles, flow and document type (createOrganization). */
export async function addOrganization(context: AuthContext, raw: unknown, ip: string): Promise<OrganizationView> {
  assertPlatformAdmin(context);
  const input = organizationInput.parse(raw);
  return db.$transaction(async (tx) => {
    await lockNames(tx);
    await assertNameFree(tx, input.name);
    const { organization } = await createOrganization(tx, input);
    await logOperation(organizationOperation(context, "ORGANIZATION_CREATE", ip, organization.id, organization.hexId), tx);
    return toView(await findOrganization(organization.hexId, tx));
  });
}

export async function updateOrganization(
  context: AuthContext,
  organizationHexId: string,
  raw: unknown,
  ip: string,
): Promise<OrganizationView> {
  assertPlatformAdmin(context);
  const input = organizationInput.parse(raw);
  return db.$transaction(async (tx) => {
    await lockNames(tx);
    const current = await findOrganization(organizationHexId, tx);
    await assertNameFree(tx, input.name, current.id);
    await tx.organization.update({
      where: { id: current.id },
      data: { name: input.name, country: input.country, timezone: input.timezone },
    });
    // The zone reports and evidence use (configuration organization_tz), kept with the column.
    await tx.configValue.upsert({
      where: { organizationId_name: { organizationId: current.id, name: "organization_tz" } },
      create: { organizationId: current.id, name: "organization_tz", value: input.timezone },
      update: { value: input.timezone },
    });
    await logOperation(organizationOperation(context, "ORGANIZATION_UPDATE", ip, current.id, current.hexId), tx);
    return toView(await findOrganization(organizationHexId, tx));
  });
}

/**
 * Disables or enables an organisation. Disabling ends its users' live sessions in the same
 * transaction, and every token check and API-key check reads the organisation's state, so its
 * users and integrators are refused on their next call. The caller's own organisation cannot be
 * disabled: that would lock the platform administrator out.
 */
export async function setOrganizationEnabled(
  context: AuthContext,
  organizationHexId: string,
  enabled: boolean,
  ip: string,
): Promise<OrganizationView> {
  assertPlatformAdmin(context);
  return db.$transaction(async (tx) => {
    const current = await findOrganization(organizationHexId, tx);
    if (!enabled && current.id === context.organizationId) throw new AppError("ORGANIZATION_DISABLE_OWN");
    if (!enabled)
      await tx.authSession.updateMany({
        where: { organizationId: current.id, endedAt: null },
        data: { endedAt: new Date(), endReason: "organization-disabled" },
      });
    await tx.organization.update({ where: { id: current.id }, data: { active: enabled } });
    await logOperation(
      organizationOperation(context, enabled ? "ORGANIZATION_ENABLE" : "ORGANIZATION_DISABLE", ip, current.id, current.hexId),
      tx,
    );
    return toView(await findOrganization(organizationHexId, tx));
  });
}

/** The organisation's "Administrador" role, made with it by createOrganization. */
async function adminRoleOf(organizationId: number, tx: Tx | typeof db = db) {
  const role = await tx.role.findFirst({ where: { organizationId, name: defaultRoles().admin.name }, orderBy: { id: "asc" } });
  if (!role) throw new AppError("ORGANIZATION_ADMIN_ROLE_MISSING");
  return role;
}

/** The people holding the organisation's administrator role. */
export async function listManagers(
  context: AuthContext,
  organizationHexId: string,
): Promise<{ _embedded: { managers: ManagerView[] }; page: ListPage }> {
  assertPlatformAdmin(context);
  const organization = await findOrganization(organizationHexId);
  const role = await adminRoleOf(organization.id);
  const users = await db.user.findMany({
    where: { organizationId: organization.id, roleId: role.id, hasApi: false },
    orderBy: [{ lastName: "asc" }, { firstName: "asc" }],
    take: 1000,
  });
  return wholeList(
    "managers",
    users.map((u) => ({
      userHexId: u.hexId,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      cellPhone: u.cellPhone,
      enabled: u.enabled,
      invitationPending: u.passwordHash === null,
    })),
  );
}

/**
 * Invites a new administrator to an organisation: the account has that organisation's
 * "Administrador" role and no password until the person chooses one from the mailed /SetPass link.
 */
export async function inviteManager(
  context: AuthContext,
  organizationHexId: string,
  raw: unknown,
  ip: string,
  locale: Locale,
): Promise<{ userHexId: string }> {
  assertPlatformAdmin(context);
  const input = managerInput.parse(raw);
  const user = await db
    .$transaction(async (tx) => {
      const organization = await findOrganization(organizationHexId, tx);
      const role = await adminRoleOf(organization.id, tx);
      await assertContactFree(tx, input);
      const created = await tx.user.create({
        data: {
          organizationId: organization.id,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          cellPhone: input.cellPhone,
          country: organization.country,
          roleId: role.id,
          preferredLanguage: toDbLanguage(locale),
        },
      });
      await logOperation(
        {
          module: "USUARIO",
          organizationId: organization.id,
          userId: context.userId,
          event: "MANAGER_INVITE",
          ip,
          recordId: created.hexId,
        },
        tx,
      );
      return created;
    })
    .catch(asContactTaken);
  await inviteToSetPassword(user.id);
  return { userHexId: user.hexId };
}
