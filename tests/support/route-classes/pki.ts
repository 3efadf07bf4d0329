import type { RouteClass } from "./types";

// Revocation lists of the signers' CAs (/api/pki/{file}): what every verifier fetches. They hold no organisation
// data beyond the CA's certificate name, which every signed PDF already carries.
export const routeClasses: Record<string, RouteClass> = {
  "pki/[file]": "public",
};
