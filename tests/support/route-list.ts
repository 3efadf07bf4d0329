import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { apiOperations } from "@/lib/openapi/document";
import type { Tenancy } from "@/lib/openapi/registry";
import { undescribedHandlers } from "./undescribed-handlers";

/** The route files under app/api, as their folder below it: "documents/[documentHexId]/files". */
export function routeFolders(dir = path.resolve("app/api"), prefix = ""): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFolders(full, prefix ? `${prefix}/${entry}` : entry);
    return entry === "route.ts" ? [prefix] : [];
  });
}

/** The route folder an OpenAPI path is served from: /api/documents/{documentHexId} → documents/[documentHexId]. */
export const routeFolderOf = (openApiPath: string) => openApiPath.replace(/^\/api\//, "").replace(/\{(\w+)\}/g, "[$1]");

/**
 * Every route handler under app/api ("GET documents/[documentHexId]") with its tenancy class: from
 * its descriptor (lib/openapi/operations), or, for the handlers not yet wired by endpoint(), from
 * the shrinking list in undescribed-handlers.ts.
 */
export function handlerTenancies(): Record<string, Tenancy> {
  return {
    ...Object.fromEntries(apiOperations.map((op) => [`${op.method.toUpperCase()} ${routeFolderOf(op.path)}`, op.tenancy])),
    ...undescribedHandlers,
  };
}
