import { z } from "zod";
import type { ApiOperation, OperationAuth } from "../registry";

// What the operation lists share: path parameters, the privilege sentence and the defaults of a tag.
// Errors implied by auth, parameters and body are added by the registry, so lists name only the rest.

/** A path segment holding a record's public hexId. */
export const hexIdPath = <K extends string>(name: K, description: string) =>
  z.object({ [name]: z.string().describe(description) } as Record<K, z.ZodString>);

export const documentPath = hexIdPath("documentHexId", "The document's hexId");

/** The answer to a delete that returns no record. */
export const deleted = z.object({ deleted: z.literal(true) });

export type OperationSpec = Omit<ApiOperation, "tag" | "auth"> & {
  auth?: OperationAuth;
  /** The authority the caller needs, e.g. DOCUMENTO:VIEW; it opens the description as "Needs …". */
  needs?: string;
};

/**
 * The operations of one tag. Each takes the tag and, unless it says otherwise, the group's auth;
 * `needs` becomes the first sentence of its description.
 */
export function operationGroup(tag: string, auth: OperationAuth) {
  return (specs: OperationSpec[]): ApiOperation[] =>
    specs.map(({ needs, description, auth: own, ...spec }) => {
      const text = [needs ? `Needs ${needs}.` : null, description].filter(Boolean).join(" ");
      return { ...spec, tag, auth: own ?? auth, ...(text ? { description: text } : {}) };
    });
}
