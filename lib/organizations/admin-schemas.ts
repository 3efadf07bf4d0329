import { z } from "zod";
import { listSchema } from "@/lib/http/list-page";
import { requiredText } from "@/lib/validation/fields";
import { lineText } from "@/lib/validation/text";
import { createUserInput, userView } from "@/lib/users/schemas";
import { isValidTimeZone } from "./profile-schemas";

// Organisations administered by platform administrators (/organization, /managers): rules shared by
// the screens' forms and the use cases; messages are catalogue codes.

export const organizationInput = z.object({
  name: requiredText.pipe(lineText().trim().min(2, "MIN_LENGTH").max(120, "VALIDATION_FAILED")),
  /** ISO 3166-1 alpha-2, stored upper-case. */
  country: requiredText.pipe(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, "ORGANIZATION_COUNTRY_INVALID")
      .transform((v) => v.toUpperCase()),
  ),
  timezone: requiredText
    .pipe(z.string().max(64, "ORG_TIMEZONE_INVALID").refine(isValidTimeZone, "ORG_TIMEZONE_INVALID"))
    .transform((v) => new Intl.DateTimeFormat("en-US", { timeZone: v }).resolvedOptions().timeZone),
});
export type OrganizationInput = z.infer<typeof organizationInput>;

export const listOrganizationsQuery = z.object({
  search: lineText().trim().max(100).optional(),
  /** Zero-based page; `size` defaults to the configured page size (default_page_size). */
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).optional(),
});

export const organizationView = z.object({
  organizationHexId: z.string(),
  name: z.string(),
  country: z.string(),
  timezone: z.string(),
  enabled: z.boolean(),
  users: z.number().int(),
  createdAt: z.string(),
});

/** One page of organisations, by name, with the page's place in the whole list. */
export const organizationPage = listSchema("organizations", organizationView);
export type OrganizationPage = z.infer<typeof organizationPage>;
export type OrganizationView = z.infer<typeof organizationView>;

export const managerView = userView.pick({
  userHexId: true,
  firstName: true,
  lastName: true,
  email: true,
  cellPhone: true,
  enabled: true,
  invitationPending: true,
});
export type ManagerView = z.infer<typeof managerView>;

/** A new administrator of an organisation: the person's data; the role is that organisation's "Administrador". */
export const managerInput = createUserInput.pick({ firstName: true, lastName: true, email: true, cellPhone: true });
export type ManagerInput = z.infer<typeof managerInput>;
