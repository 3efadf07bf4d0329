import type { Tenancy } from "@/lib/openapi/registry";

/**
 * Route handlers under app/api not yet wired by endpoint() from a descriptor, so missing from the
 * OpenAPI document, with their tenancy class for the organisation-isolation test. This list only
 * shrinks: tests/integration/route-descriptors.test.ts fails for a handler without a descriptor
 * that is not here, and for one listed here that has a descriptor now.
 */
export const undescribedHandlers: Record<string, Tenancy> = {};

/**
 * Handlers that are no API operation: the JSON 404 for any other /api path, NextAuth's own
 * handlers and a static script. They stay outside the document.
 */
export const notOperations: Record<string, string> = {
  "[...unknown]": "the catalogue's JSON 404 for any path under /api no route serves",
  "auth/[...nextauth]": "NextAuth's sign-in callbacks for the portal, not part of the integrator API",
  "assets/pdf-worker": "the PDF viewer's worker script, served as a static file",
};

/** Tenancy of the handlers in notOperations, for the isolation test. */
export const notOperationTenancy: Record<string, Tenancy> = {
  "[...unknown]": "public",
  "auth/[...nextauth]": "public",
  "assets/pdf-worker": "public",
};
