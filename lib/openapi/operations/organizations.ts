import { z } from "zod";
import { answer, created } from "../registry";
import {
  listOrganizationsQuery,
  managerInput,
  managerView,
  organizationInput,
  organizationPage,
  organizationView,
} from "@/lib/organizations/admin-schemas";
import { listSchema } from "@/lib/http/list-page";
import { hexIdPath, operationGroup } from "./common";

export const organizationOperations = operationGroup(
  "Organisations",
  "public",
)({
  getOrganizationLogo: {
    method: "get",
    path: "/api/organizations/{organizationHexId}/logo",
    tenancy: "public",
    summary: "The organisation's logo, or Rúbrica's when it has none",
    description: "Public: invitation mails and signer pages show it. Cached for an hour, then revalidated with If-None-Match (304).",
    pathParams: hexIdPath("organizationHexId", "The organisation's hexId"),
    responses: {
      200: {
        description: "The image",
        files: ["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"],
        headers: { ETag: "Changes when the logo does", "Cache-Control": "public, max-age=3600" },
      },
      304: { description: "Not modified since the ETag sent in If-None-Match" },
    },
  },
});

const organization = { schema: organizationView, component: "Organization" };
const organizationPath = hexIdPath("organizationHexId", "The organisation's hexId");
const platformOnly = "Platform administrators only: everyone else, organisation administrators included, answers 403.";

/** Organisations and their administrators, administered by platform administrators (/organization, /managers). */
export const organizationAdminOperations = operationGroup(
  "Organisations",
  "token",
)({
  listOrganizations: {
    method: "get",
    path: "/api/organizations",
    requires: { kind: "platformAdmin" },
    tenancy: "platform",
    summary: "The platform's organisations, by name, one page at a time",
    description: `${platformOnly} \`search\` filters by a part of the name; \`page\` (from 0) and \`size\` (1–100, default the configured page size) page the list.`,
    query: listOrganizationsQuery,
    responses: answer("One page of organisations", { schema: organizationPage, component: "OrganizationPage" }),
  },
  createOrganization: {
    method: "post",
    path: "/api/organizations",
    idempotent: true,
    requires: { kind: "platformAdmin" },
    tenancy: "platform",
    summary: "Create an organisation with its default roles (Administrador, Operador), signature flow and document type",
    description: `${platformOnly} The name is unique regardless of case (409 ORGANIZATION_NAME_EXISTS).`,
    body: { schema: organizationInput, component: "OrganizationInput" },
    responses: created(organization),
    errors: [409],
  },
  getOrganization: {
    method: "get",
    path: "/api/organizations/{organizationHexId}",
    requires: { kind: "platformAdmin" },
    tenancy: "platform",
    summary: "One organisation",
    description: platformOnly,
    pathParams: organizationPath,
    responses: answer("The organisation", organization),
    errors: [404],
  },
  updateOrganization: {
    method: "put",
    path: "/api/organizations/{organizationHexId}",
    requires: { kind: "platformAdmin" },
    tenancy: "platform",
    summary: "Edit an organisation's name, country and time zone",
    description: `${platformOnly} Same rules as the creation.`,
    pathParams: organizationPath,
    body: { schema: organizationInput, component: "OrganizationInput" },
    responses: answer("The organisation as saved", organization),
    errors: [404, 409],
  },
  disableOrganization: {
    method: "post",
    path: "/api/organizations/{organizationHexId}/disable",
    requires: { kind: "platformAdmin" },
    tenancy: "platform",
    summary: "Disable an organisation: its users and integrators are refused at once",
    description: `${platformOnly} Its live sessions end; its users' tokens answer 401 ORGANIZATION_DISABLED, its API keys 401, and sign-in answers ORGANIZATION_DISABLED. The caller's own organisation cannot be disabled (409 ORGANIZATION_DISABLE_OWN).`,
    pathParams: organizationPath,
    responses: answer("The organisation as changed", organization),
    errors: [404, 409],
  },
  enableOrganization: {
    method: "post",
    path: "/api/organizations/{organizationHexId}/enable",
    requires: { kind: "platformAdmin" },
    tenancy: "platform",
    summary: "Enable an organisation again",
    description: `${platformOnly} Its users sign in again and its API keys work again.`,
    pathParams: organizationPath,
    responses: answer("The organisation as changed", organization),
    errors: [404],
  },
  listOrganizationManagers: {
    method: "get",
    path: "/api/organizations/{organizationHexId}/managers",
    requires: { kind: "platformAdmin" },
    tenancy: "platform",
    summary: "The organisation's administrators (the people holding its Administrador role)",
    description: platformOnly,
    pathParams: organizationPath,
    responses: answer("The administrators, all in one page", listSchema("managers", managerView)),
    errors: [404],
  },
  inviteOrganizationManager: {
    method: "post",
    path: "/api/organizations/{organizationHexId}/managers",
    idempotent: true,
    requires: { kind: "platformAdmin" },
    tenancy: "platform",
    summary: "Invite an administrator to an organisation: the account gets its Administrador role and a /SetPass link is mailed",
    description: `${platformOnly} E-mail and phone must be free across the platform (409 EMAIL_IN_USE / PHONE_IN_USE).`,
    pathParams: organizationPath,
    body: { schema: managerInput, component: "ManagerInput" },
    responses: created(z.object({ userHexId: z.string() }), "Invited"),
    errors: [404, 409],
  },
});
