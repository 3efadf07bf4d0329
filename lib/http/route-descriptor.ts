/**
 * The route a request reached, as its path pattern: /api/documents/123/signers with params { id: "123" } gives
 * /api/documents/[id]/signers. Metrics are labelled with it, so their number stays that of the routes, not of the ids.
 * A catch-all's segments become one [...name].
 */
export function routeDescriptor(pathname: string, params: unknown): string {
  const segments = pathname.split("/");
  const decoded = segments.map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  const entries = params && typeof params === "object" ? Object.entries(params as Record<string, unknown>) : [];
  for (const [name, value] of entries) {
    if (Array.isArray(value)) {
      const parts = value.map(String);
      if (parts.length === 0) continue;
      // The catch-all is the path's tail: find its run from the end.
      for (let at = decoded.length - parts.length; at >= 1; at--) {
        if (parts.every((part, i) => decoded[at + i] === part)) {
          segments.splice(at, parts.length, `[...${name}]`);
          decoded.splice(at, parts.length, `[...${name}]`);
          break;
        }
      }
    } else if (typeof value === "string") {
      const at = decoded.lastIndexOf(value);
      if (at >= 1) {
        segments[at] = `[${name}]`;
        decoded[at] = `[${name}]`;
      }
    }
  }
  return segments.join("/");
}
