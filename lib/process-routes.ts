// The two public identity processes a person goes through on their phone, a signer of a shipment
// (/signature-process) and a validation process (/validation-process), run the same screens
// (components/signing, components/capture). What differs is only where they live and which API
// they call, said here once. Safe in the browser: no server code.

export type ProcessKind = "signature" | "validation";

/**
 * A person's link to their process: its id, the secret of their link (sent in X-Url-Sign) and which
 * process it is. Without `kind` it is a signer's (every signer page predates validations).
 */
export type ProcessLink = { urlSign: string; processHexId: string; kind?: ProcessKind };

type Routes = {
  /** The root of the process's pages. */
  pages: string;
  /** Its own API calls (step, evidence, video-challenge, restart, reject): {api}/{processHexId}/… */
  api: string;
  /** Its data (spec §3): getSignatureProcess or getValidationProcess. */
  data: string;
  /** The page that records the video. */
  videoPage: string;
  /** The spec's processType in addSigneeGeolocation. */
  locationProcess: "ENVIO" | "VALIDACION";
};

const routes: Record<ProcessKind, Routes> = {
  signature: {
    pages: "signature-process",
    api: "/api/signprocess",
    data: "/api/signprocess/getSignatureProcess",
    videoPage: "videosignature",
    locationProcess: "ENVIO",
  },
  validation: {
    pages: "validation-process",
    api: "/api/validation-process",
    data: "/api/validation/getValidationProcess",
    videoPage: "video",
    locationProcess: "VALIDACION",
  },
};

export function routesOf(link: ProcessLink): Routes {
  return routes[link.kind ?? "signature"];
}

/** /{signature|validation}-process/{page}/{urlSign}/{processHexId}/{extra…} */
export function pagePath(link: ProcessLink, page: string, ...extra: string[]): string {
  return ["", routesOf(link).pages, page, link.urlSign, link.processHexId, ...extra].map(encodeURIComponent).join("/");
}

/** One of the process's own API calls: /api/signprocess/{id}/{call} or /api/validation-process/{id}/{call}. */
export function apiPath(link: ProcessLink, call: string): string {
  return `${routesOf(link).api}/${encodeURIComponent(link.processHexId)}/${call}`;
}

/** GET of the process's data, with the link's secret in X-Url-Sign. */
export function dataPath(link: ProcessLink): string {
  return `${routesOf(link).data}/${encodeURIComponent(link.processHexId)}`;
}

/** Where an answer's `next` leads: a path as it is, a page name within the process's pages. */
export function nextPath(link: ProcessLink, next: string): string {
  return next.startsWith("/") ? next : pagePath(link, next);
}

/**
 * Where the person waits while a capture is checked: a signer on /wait; a validation on the step's
 * own page, which waits for the check when it finds one running (spec §2 lists no wait page for it).
 */
export function checkWaitPath(link: ProcessLink, stepPage: string): string {
  if ((link.kind ?? "signature") === "signature") return ["", "wait", link.urlSign, link.processHexId].map(encodeURIComponent).join("/");
  return pagePath(link, stepPage);
}
