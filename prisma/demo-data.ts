// The demo organisation's accounts. The README lists the same credentials; tests sign in with them.

export const demoOrganizations = [
  { key: "platform", name: "Rúbrica Plataforma", country: "ES", timezone: "UTC" },
  { key: "demo", name: "Notaría Demo S.L.", country: "ES", timezone: "Europe/Madrid" },
  { key: "other", name: "Otra Organización S.A.", country: "ES", timezone: "UTC" },
] as const;

export const demoUsers = [
  {
    description: "Platform administrator",
    email: "admin@rubrica.local",
    password: "Rubrica-Admin-2026!",
    firstName: "Ana",
    lastName: "Plataforma",
    cellPhone: "+34600000001",
    identNumber: "12345678Z",
    organization: "platform",
    role: "admin",
    platformAdmin: true,
  },
  {
    description: "Organisation administrator",
    email: "orgadmin@demo.rubrica.local",
    password: "Demo-Admin-2026!",
    firstName: "Olga",
    lastName: "Administradora",
    cellPhone: "+34600000002",
    identNumber: "00000000T",
    organization: "demo",
    role: "admin",
    platformAdmin: false,
  },
  {
    description: "Staff (limited role: Operador)",
    email: "staff@demo.rubrica.local",
    password: "Demo-Staff-2026!",
    firstName: "Sergio",
    lastName: "Operador",
    cellPhone: "+34600000003",
    identNumber: "11111111H",
    organization: "demo",
    role: "operator",
    platformAdmin: false,
  },
  {
    description: "Administrator of another organisation",
    email: "admin@otra.rubrica.local",
    password: "Otra-Admin-2026!",
    firstName: "Oscar",
    lastName: "Ajeno",
    cellPhone: "+34600000004",
    identNumber: "22222222J",
    organization: "other",
    role: "admin",
    platformAdmin: false,
  },
] as const;
