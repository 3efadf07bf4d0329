import { z } from "zod";
import { answer, created } from "../registry";
import { groupInput, groupMemberInput, groupView } from "@/lib/groups/schemas";
import { roleInput, rolePrivilegesInput, roleView } from "@/lib/roles/schemas";
import { listSchema } from "@/lib/http/list-page";
import { deleted, hexIdPath, operationGroup } from "./common";

// Roles with their privileges (/roles, /rolePrivileges/{rolId}) and groups with their members (/groups).

const role = { schema: roleView, component: "Role" };
const rolePath = hexIdPath("roleHexId", "The role's hexId");
const group = { schema: groupView, component: "Group" };
const groupPath = hexIdPath("groupHexId", "The group's hexId");

export const roleOperations = operationGroup(
  "Roles",
  "tokenOrApiKey",
)({
  listRoles: {
    method: "get",
    path: "/api/roles",
    requires: { kind: "privilege", module: "ROL", action: "VIEW" },
    tenancy: "organization",
    summary: "The organisation's roles by name, with the authorities each grants and how many users hold it",
    responses: answer("The roles, all in one page", listSchema("roles", roleView)),
  },
  createRole: {
    method: "post",
    path: "/api/roles",
    idempotent: true,
    requires: { kind: "privilege", module: "ROL", action: "CREATE" },
    tenancy: "organization",
    summary: "Create a role; it grants nothing until its privileges are set",
    description: "Names are unique in the organisation, whatever their case (ROLE_NAME_EXISTS).",
    body: { schema: roleInput, component: "RoleInput" },
    responses: created(z.object({ roleHexId: z.string() })),
    errors: [409],
  },
  getRole: {
    method: "get",
    path: "/api/roles/{roleHexId}",
    requires: { kind: "privilege", module: "ROL", action: "VIEW" },
    tenancy: "organization",
    summary: "One role with the authorities it grants",
    pathParams: rolePath,
    responses: answer("The role", role),
  },
  updateRole: {
    method: "put",
    path: "/api/roles/{roleHexId}",
    requires: { kind: "privilege", module: "ROL", action: "UPDATE" },
    tenancy: "organization",
    summary: "Rename a role or change its description",
    pathParams: rolePath,
    body: { schema: roleInput, component: "RoleInput" },
    responses: answer("Updated", role),
    errors: [409],
  },
  setRolePrivileges: {
    method: "put",
    path: "/api/roles/{roleHexId}/privileges",
    requires: { kind: "privilege", module: "ROL", action: "UPDATE" },
    tenancy: "organization",
    summary: "Replace what a role grants with exactly the authorities listed",
    description:
      "Authorities as tokens carry them, MODULE:ACTION (e.g. CONTACTO:VIEW); an unknown one is refused (ROLE_PRIVILEGE_UNKNOWN), and so is adding one the caller lacks (ROLE_PRIVILEGE_NOT_HELD). Holders get the change at their next token refresh (POST /api/token/refresh); API keys at their next call. The organisation's last role granting user administration (USUARIO:VIEW and USUARIO:UPDATE) to an enabled user cannot lose it (ROLE_LAST_USER_ADMIN).",
    pathParams: rolePath,
    body: { schema: rolePrivilegesInput, component: "RolePrivilegesInput" },
    responses: answer("The role with its new privileges", role),
    errors: [409],
  },
  deleteRole: {
    method: "delete",
    path: "/api/roles/{roleHexId}",
    requires: { kind: "privilege", module: "ROL", action: "DELETE" },
    tenancy: "organization",
    summary: "Delete a role no user holds",
    description:
      "A role held by users is refused (ROLE_IN_USE), and so is the last role granting user administration (ROLE_LAST_USER_ADMIN).",
    pathParams: rolePath,
    responses: answer("Deleted", deleted),
    errors: [409],
  },
});

export const groupOperations = operationGroup(
  "Groups",
  "tokenOrApiKey",
)({
  listGroups: {
    method: "get",
    path: "/api/groups",
    requires: { kind: "privilege", module: "GRUPO", action: "VIEW" },
    tenancy: "organization",
    summary: "The organisation's groups by name, with their members",
    responses: answer("The groups, all in one page", listSchema("groups", groupView)),
  },
  createGroup: {
    method: "post",
    path: "/api/groups",
    idempotent: true,
    requires: { kind: "privilege", module: "GRUPO", action: "CREATE" },
    tenancy: "organization",
    summary: "Create an empty group",
    description: "Names are unique in the organisation, whatever their case (GROUP_NAME_EXISTS).",
    body: { schema: groupInput, component: "GroupInput" },
    responses: created(group),
    errors: [409],
  },
  updateGroup: {
    method: "put",
    path: "/api/groups/{groupHexId}",
    requires: { kind: "privilege", module: "GRUPO", action: "UPDATE" },
    tenancy: "organization",
    summary: "Rename a group or change its description",
    pathParams: groupPath,
    body: { schema: groupInput, component: "GroupInput" },
    responses: answer("Updated", group),
    errors: [409],
  },
  deleteGroup: {
    method: "delete",
    path: "/api/groups/{groupHexId}",
    requires: { kind: "privilege", module: "GRUPO", action: "DELETE" },
    tenancy: "organization",
    summary: "Delete a group that is not in use",
    description: "A group with members is in use and cannot be deleted (GROUP_IN_USE): remove them first.",
    pathParams: groupPath,
    responses: answer("Deleted", deleted),
    errors: [409],
  },
  addGroupMember: {
    method: "post",
    path: "/api/groups/{groupHexId}/members",
    idempotent: true,
    requires: { kind: "privilege", module: "GRUPO", action: "UPDATE" },
    tenancy: "organization",
    summary: "Add a user of the organisation to a group",
    description:
      "A user must be picked (GROUP_USER_REQUIRED, also for a user the organisation does not have); a member twice is refused (GROUP_MEMBER_EXISTS).",
    pathParams: groupPath,
    body: { schema: groupMemberInput, component: "GroupMemberInput" },
    responses: created(group, "The group with its members"),
    errors: [409],
  },
  removeGroupMember: {
    method: "delete",
    path: "/api/groups/{groupHexId}/members/{userHexId}",
    requires: { kind: "privilege", module: "GRUPO", action: "UPDATE" },
    tenancy: "organization",
    summary: "Take a member out of a group",
    pathParams: groupPath.extend(hexIdPath("userHexId", "The member's user hexId").shape),
    responses: answer("The group with its members", group),
  },
});
