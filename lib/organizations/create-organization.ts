import type { Tx } from "@/lib/db/client";
import { defaultRoles } from "@/lib/permissions/default-roles";
import { defaultValidationFlow } from "@/lib/validations/steps";

/**
 * A new organisation with what it needs on day one: the administrator and operator roles, a
 * default active flow of each kind (signature, and validation for validation links) and a default document type.
 */
export async function createOrganization(tx: Tx, input: { name: string; country: string; timezone?: string }) {
  const organization = await tx.organization.create({
    data: { name: input.name, country: input.country, timezone: input.timezone ?? "UTC" },
  });
  const roles = defaultRoles();
  const adminRole = await tx.role.create({
    data: {
      organizationId: organization.id,
      name: roles.admin.name,
      description: roles.admin.description,
      privileges: { create: roles.admin.privileges },
    },
  });
  const operatorRole = await tx.role.create({
    data: {
      organizationId: organization.id,
      name: roles.operator.name,
      description: roles.operator.description,
      privileges: { create: roles.operator.privileges },
    },
  });
  await tx.documentType.create({ data: { organizationId: organization.id, name: "Contrato", isDefault: true } });
  await tx.flow.create({
    data: {
      organizationId: organization.id,
      name: "Firma simple",
      active: true,
      isDefault: true,
      steps: {
        create: [
          { position: 1, type: "DATA_CONFIRM" },
          { position: 2, type: "ACCEPT_TERMS" },
          { position: 3, type: "SEE_DOCUMENT" },
          { position: 4, type: "SIGNATURE" },
        ],
      },
    },
  });
  await tx.flow.create({
    data: {
      organizationId: organization.id,
      kind: "VALIDATION",
      name: defaultValidationFlow.name,
      active: true,
      isDefault: true,
      steps: { create: defaultValidationFlow.steps },
    },
  });
  if (input.timezone)
    await tx.configValue.create({ data: { organizationId: organization.id, name: "organization_tz", value: input.timezone } });
  return { organization, adminRole, operatorRole };
}
