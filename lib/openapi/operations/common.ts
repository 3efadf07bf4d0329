import { z } from "zod";
import type { Requirement } from "@/lib/permissions/routes";
import type { ApiOperation, OperationAuth } from "../registry";

// What the operation lists share: path parameters, the privilege sentence and the defaults of a tag.
// Errors implied by auth, parameters and body are added by the registry, so lists name only the rest.

/** A path segment holding a record's public hexId. */
export const hexIdPath = <K extends string>(name: K, description: string) =>
  z.object({ [name]: z.string().describe(description) } as Record<K, z.ZodString>);

export const documentPath = hexIdPath("documentHexId", "The document's hexId");

/** The answer to a delete that returns no record. */
export const deleted = z.object({ deleted: z.literal(true) });

export type OperationSpec = Omit<ApiOperation, "tag" | "auth" | "operationId"> & { auth?: OperationAuth };

/** The privilege sentence that opens an operation's description. */
function requirementText(requires: Requirement | undefined): string | null {
  switch (requires?.kind) {
    case "privilege":
      return `Needs ${requires.module}:${requires.action}.`;
    case "platformAdmin":
      return "Needs a platform administrator.";
    case "staff":
      return "Needs a staff token (API keys are refused).";
    default:
      return null;
  }
}

type Grouped<S extends OperationSpec, A extends OperationAuth, K extends string> = Omit<S, "auth"> & {
  operationId: K;
  tag: string;
  auth: S extends { auth: infer X } ? X : A;
};

/**
 * The operations of one tag by operationId. Each takes the tag and, unless it says otherwise, the
 * group's auth; its requirement becomes the first sentence of its description.
 */
export function operationGroup<A extends OperationAuth>(tag: string, auth: A) {
  return <S extends Record<string, OperationSpec>>(specs: S): { [K in keyof S & string]: Grouped<S[K], A, K> } =>
    Object.fromEntries(
      Object.entries(specs).map(([operationId, { description, auth: own, ...spec }]) => {
        const text = [requirementText(spec.requires), description].filter(Boolean).join(" ");
        const operation = {
          ...spec,
          operationId,
          tag,
          auth: own ?? auth,
          ...(text ? { description: text } : {}),
        };
        return [operationId, operation];
      }),
    ) as never;
}
