import type { z } from "zod";

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  items?: z.ZodType[];
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The path of the first field in `value` that `schema` does not declare ("callbackUrl",
 * "signers.0.emial"), or null. zod's plain objects drop such fields silently, so a typo would
 * be stored as "not given"; endpoint() refuses them instead. Objects declared loose or strict,
 * and records, decide for themselves. Call it on a value the schema accepted.
 */
export function unknownField(schema: z.ZodType, value: unknown, path: readonly (string | number)[] = []): string | null {
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      if (!isPlainObject(value)) return null;
      const shape = def.shape ?? {};
      for (const key of Object.keys(value)) {
        if (!Object.hasOwn(shape, key)) {
          if (def.catchall === undefined) return [...path, key].join(".");
          continue;
        }
        const inner = unknownField(shape[key]!, value[key], [...path, key]);
        if (inner !== null) return inner;
      }
      return null;
    }
    case "array":
      if (!Array.isArray(value)) return null;
      for (const [index, item] of value.entries()) {
        const inner = unknownField(def.element!, item, [...path, index]);
        if (inner !== null) return inner;
      }
      return null;
    case "tuple":
      if (!Array.isArray(value)) return null;
      for (const [index, item] of (def.items ?? []).entries()) {
        const inner = unknownField(item, value[index], [...path, index]);
        if (inner !== null) return inner;
      }
      return null;
    case "record":
      if (!isPlainObject(value)) return null;
      for (const [key, item] of Object.entries(value)) {
        const inner = unknownField(def.valueType!, item, [...path, key]);
        if (inner !== null) return inner;
      }
      return null;
    case "union": {
      // The options that accept the value; an unknown field only when every one of them finds one.
      const accepting = (def.options ?? []).filter((option) => option.safeParse(value).success);
      const found = accepting.map((option) => unknownField(option, value, path));
      return found.length === 0 || found.includes(null) ? null : found[0]!;
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return value === undefined || value === null ? null : unknownField(def.innerType!, value, path);
    case "pipe":
      return unknownField(def.in!, value, path);
    case "lazy":
      return unknownField(def.getter!(), value, path);
    default:
      return null;
  }
}
