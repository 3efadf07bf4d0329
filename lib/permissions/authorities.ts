import { env } from "@/lib/config/env";

// Spec §6: permissions are strings split by colon; the resource segment comes first.
export const modules = ["DOCUMENTO", "FIRMA", "CONTACTO", "ORGANIZACION", "NOTIFICACION", "GRUPO", "USUARIO", "ROL", "MYSIGN"] as const;
export type ModuleName = (typeof modules)[number];

export const actions = ["VIEW", "CREATE", "UPDATE", "DELETE", "IMPORT", "EXPORT"] as const;
export type Action = (typeof actions)[number];

export type Privilege = {
  module: ModuleName;
  canView: boolean;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  canImport: boolean;
  canExport: boolean;
};

const flagOf: Record<Action, keyof Omit<Privilege, "module">> = {
  VIEW: "canView",
  CREATE: "canCreate",
  UPDATE: "canUpdate",
  DELETE: "canDelete",
  IMPORT: "canImport",
  EXPORT: "canExport",
};

/** The platform administrator authority, admin{product} (spec §6). */
export function platformAdminAuthority(): string {
  return `ADMIN:${env().PRODUCT.toUpperCase()}`;
}

export function authority(module: ModuleName, action: Action): string {
  return `${module}:${action}`;
}

/** Authorities carried by the token, in module order so the first one picks the landing page. */
export function authoritiesFromPrivileges(privileges: Privilege[], platformAdmin: boolean): string[] {
  const out: string[] = [];
  for (const resource of modules) {
    const privilege = privileges.find((p) => p.module === resource);
    if (!privilege) continue;
    for (const action of actions) if (privilege[flagOf[action]]) out.push(authority(resource, action));
  }
  if (platformAdmin) out.push(platformAdminAuthority());
  return out;
}

export function hasAuthority(authorities: readonly string[], module: ModuleName, action: Action): boolean {
  return authorities.includes(authority(module, action));
}

export function isPlatformAdmin(authorities: readonly string[]): boolean {
  return authorities.includes(platformAdminAuthority());
}
