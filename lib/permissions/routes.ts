import { hasAuthority, isPlatformAdmin, type Action, type ModuleName } from "./authorities";

/** What a portal page needs: any signed-in staff, a module privilege, or the platform administrator. */
export type Requirement = { kind: "staff" } | { kind: "privilege"; module: ModuleName; action: Action } | { kind: "platformAdmin" };

const staff: Requirement = { kind: "staff" };
const need = (module: ModuleName, action: Action): Requirement => ({ kind: "privilege", module, action });
const platformAdmin: Requirement = { kind: "platformAdmin" };

/**
 * Every page of the authenticated area (spec §2) by its first path segment. A page not listed is
 * refused: access is denied by default.
 */
export const portalPages: Record<string, Requirement> = {
  dashboard: staff,
  profile: staff,
  manual: staff,
  logoff: staff,
  inbox: need("MYSIGN", "VIEW"),
  signatures: need("FIRMA", "VIEW"),
  docdetail: need("DOCUMENTO", "VIEW"),
  "prepare-document": need("DOCUMENTO", "CREATE"),
  batchImport: need("DOCUMENTO", "IMPORT"),
  report: need("DOCUMENTO", "EXPORT"),
  "trading-history": need("DOCUMENTO", "VIEW"),
  validations: need("FIRMA", "VIEW"),
  seeValidation: need("FIRMA", "VIEW"),
  affiliation: need("FIRMA", "VIEW"),
  seeAfiliation: need("FIRMA", "VIEW"),
  contacts: need("CONTACTO", "VIEW"),
  flows: need("ORGANIZACION", "VIEW"),
  "steps-flow": need("ORGANIZACION", "UPDATE"),
  fileType: need("ORGANIZACION", "VIEW"),
  "info-organization": need("ORGANIZACION", "VIEW"),
  setting: need("ORGANIZACION", "UPDATE"),
  "api-management": need("ORGANIZACION", "UPDATE"),
  apisadhoc: need("ORGANIZACION", "UPDATE"),
  notifications: need("NOTIFICACION", "VIEW"),
  groups: need("GRUPO", "VIEW"),
  users: need("USUARIO", "VIEW"),
  roles: need("ROL", "VIEW"),
  rolePrivileges: need("ROL", "UPDATE"),
  organization: platformAdmin,
  managers: platformAdmin,
};

/** Where the staff member signs their own pending document (/docdetail/{id}/mySign): the inbox's privilege, not the shipment's. */
export const mySignSegment = "mySign";

export function requirementFor(pathname: string): Requirement | undefined {
  const segments = pathname.split("/").filter(Boolean);
  const segment = segments[0] ?? "";
  if (segment === "docdetail" && segments[2] === mySignSegment && segments.length === 3) return portalPages.inbox;
  return Object.hasOwn(portalPages, segment) ? portalPages[segment] : undefined;
}

export function satisfies(authorities: readonly string[], requirement: Requirement | undefined): boolean {
  if (!requirement) return false;
  if (isPlatformAdmin(authorities)) return true;
  switch (requirement.kind) {
    case "staff":
      return true;
    case "privilege":
      return hasAuthority(authorities, requirement.module, requirement.action);
    case "platformAdmin":
      return false;
  }
}
