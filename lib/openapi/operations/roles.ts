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
)([
  {
    method: "get",
    path: "/api/roles",
    operationId: "listRoles",
    summary: "The organisation's roles by name, with the authorities each grants and how many users hold it",
    needs: "ROL:VIEW",
    responses: answer("The roles, all in one page", listSchema("roles", roleView)),
  },
  {
    method: "post",
    path: "/api/roles",
    idempotent: true,
    operationId: "createRole",
    summary: "Create a role; it grants nothing until its privileges are set",
    needs: "ROL:CREATE",
    description: "Names are unique in the organisation, whatever their case (ROLE_NAME_EXISTS).",
    body: { schema: roleInput, component: "RoleInput" },
    responses: created(z.object({ roleHexId: z.string() })),
    errors: [409],
  },
  {
    method: "get",
    path: "/api/roles/{roleHexId}",
    operationId: "getRole",
    summary: "One role with the authorities it grants",
    needs: "ROL:VIEW",
    pathParams: rolePath,
    responses: answer("The role", role),
  },
  {
    method: "put",
    path: "/api/roles/{roleHexId}",
    operationId: "updateRole",
    summary: "Rename a role or change its description",
    needs: "ROL:UPDATE",
    pathParams: rolePath,
    body: { schema: roleInput, component: "RoleInput" },
    responses: answer("Updated", role),
    errors: [409],
  },
  {
    method: "put",
    path: "/api/roles/{roleHexId}/privileges",
    operationId: "setRolePrivileges",
    summary: "Replace what a role grants with exactly the authorities listed",
    needs: "ROL:UPDATE",
    description:
      "Authorities as tokens carry them, MODULE:ACTION (e.g. CONTACTO:VIEW); an unknown one is refused (ROLE_PRIVILEGE_UNKNOWN), and so is adding one the caller lacks (ROLE_PRIVILEGE_NOT_HELD). Holders get the change at their next token refresh (POST /api/token/refresh); API keys at their next call. The organisation's last role granting user administration (USUARIO:VIEW and USUARIO:UPDATE) to an enabled user cannot lose it (ROLE_LAST_USER_ADMIN).",
    pathParams: rolePath,
    body: { schema: rolePrivilegesInput, component: "RolePrivilegesInput" },
    responses: answer("The role with its new privileges", role),
    errors: [409],
  },
  {
    method: "delete",
    path: "/api/roles/{roleHexId}",
    operationId: "deleteRole",
    summary: "Delete a role no user holds",
    needs: "ROL:DELETE",
    description:
      "A role held by users is refused (ROLE_IN_USE), and so is the last role granting user administration (ROLE_LAST_USER_ADMIN).",
    pathParams: rolePath,
    responses: answer("Deleted", deleted),
    errors: [409],
  },
]);

export const groupOperations = operationGroup(
  "Groups",
  "tokenOrApiKey",
)([
  {
    method: "get",
    path: "/api/groups",
    operationId: "listGroups",
    summary: "The organisation's groups by name, with their members",
    needs: "GRUPO:VIEW",
    responses: answer("The groups, all in one page", listSchema("groups", groupView)),
  },
  {
    method: "post",
    path: "/api/groups",
    idempotent: true,
    operationId: "createGroup",
    summary: "Create an empty group",
    needs: "GRUPO:CREATE",
    description: "Names are unique in the organisation, whatever their case (GROUP_NAME_EXISTS).",
    body: { schema: groupInput, component: "GroupInput" },
    responses: created(group),
    errors: [409],
  },
  {
    method: "put",
    path: "/api/groups/{groupHexId}",
    operationId: "updateGroup",
    summary: "Rename a group or change its description",
    needs: "GRUPO:UPDATE",
    pathParams: groupPath,
    body: { schema: groupInput, component: "GroupInput" },
    responses: answer("Updated", group),
    errors: [409],
  },
  {
    method: "delete",
    path: "/api/groups/{groupHexId}",
    operationId: "deleteGroup",
    summary: "Delete a group that is not in use",
    needs: "GRUPO:DELETE",
    description: "A group with members is in use and cannot be deleted (GROUP_IN_USE): remove them first.",
    pathParams: groupPath,
    responses: answer("Deleted", deleted),
    errors: [409],
  },
  {
    method: "post",
    path: "/api/groups/{groupHexId}/members",
    idempotent: true,
    operationId: "addGroupMember",
    summary: "Add a user of the organisation to a group",
    needs: "GRUPO:UPDATE",
    description:
      "A user must be picked (GROUP_USER_REQUIRED, also for a user the organisation does not have); a member twice is refused (GROUP_MEMBER_EXISTS).",
    pathParams: groupPath,
    body: { schema: groupMemberInput, component: "GroupMemberInput" },
    responses: created(group, "The group with its members"),
    errors: [409],
  },
  {
    method: "delete",
    path: "/api/groups/{groupHexId}/members/{userHexId}",
    operationId: "removeGroupMember",
    summary: "Take a member out of a group",
    needs: "GRUPO:UPDATE",
    pathParams: groupPath.extend(hexIdPath("userHexId", "The member's user hexId").shape),
    responses: answer("The group with its members", group),
  },
]);
