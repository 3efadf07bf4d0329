import type { RouteClass } from "./types";

// The signer's public calls: no staff session; each is bound to one signer by the link's secret
// (X-Url-Sign), checked against the stored hash, so it reaches that signer's shipment only.
export const routeClasses: Record<string, RouteClass> = {
  "signprocess/getSignatureProcess/[id]": "public",
  "signprocess/verify/[id]": "public",
  "signprocess/[id]/step/[page]": "public",
  "signprocess/[id]/reject": "public",
  "signprocess/[id]/files/[fileHexId]": "public",
  "signprocess/addSigneeGeolocation": "public",
  "signprocess/[id]/evidence": "public",
  "signprocess/[id]/restart": "public",
  "signprocess/[id]/video-challenge": "public",
  "signprocess/uploadNewSelfie": "public",
  "signprocess/download/[token]": "public",
  "centralRecord/saveCRIEvidence/[id]": "public",
  "assets/pdf-worker": "public",
  // The helper layer: the server's public key, EC coordinates of a key sent in the body (no stored
  // data), and an organisation's logo by name (public like GET /api/organizations/{orgHexId}/logo).
  "security/getPublicKey": "public",
  "security/getCartesianCoordinates": "public",
  "signprocess/getFileByName/[name]": "public",
};
