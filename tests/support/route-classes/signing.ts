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
  "signprocess/uploadNewSelfie": "public",
  "assets/pdf-worker": "public",
};
