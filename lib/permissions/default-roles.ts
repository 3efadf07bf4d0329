import { modules, type ModuleName, type Privilege } from "./authorities";

const all = (module: ModuleName): Privilege => ({
  module,
  canView: true,
  canCreate: true,
  canUpdate: true,
  canDelete: true,
  canImport: true,
  canExport: true,
});

/** The roles every organisation starts with; administrators edit them in /roles and /rolePrivileges. */
export function defaultRoles() {
  return {
    admin: {
      name: "Administrador",
      description: "Acceso completo a la organización",
      privileges: modules.map(all),
    },
    operator: {
      name: "Operador",
      description: "Envía documentos, gestiona contactos y firma su bandeja",
      privileges: [
        { module: "DOCUMENTO", canView: true, canCreate: true, canUpdate: true, canDelete: false, canImport: false, canExport: false },
        { module: "FIRMA", canView: true, canCreate: false, canUpdate: false, canDelete: false, canImport: false, canExport: false },
        { module: "CONTACTO", canView: true, canCreate: true, canUpdate: true, canDelete: false, canImport: false, canExport: false },
        { module: "MYSIGN", canView: true, canCreate: false, canUpdate: false, canDelete: false, canImport: false, canExport: false },
      ] satisfies Privilege[],
    },
  };
}
