import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";

/**
 * Props of a page whose trailing optional spec params ({urlSign?}/{processHexId?}...) are served
 * by an optional catch-all `[[...params]]`, after any required dynamic segments of `Required`.
 */
export type CatchAllProps<Required extends Record<string, string> = Record<never, never>> = {
  params: Promise<Required & { params?: string[] }>;
};

/** Spec §2: the public processes take {urlSign?}/{processHexId?}. */
export const processParams = ["urlSign", "processHexId"] as const;
/** Attempt pages add {numberAttemps?} (the spec's spelling, kept because links carry it). */
export const attemptParams = [...processParams, "numberAttemps"] as const;

/**
 * The optional segments by their spec names. A URL with more segments than the spec names is not
 * that route, so it gets the not-found page like any other unknown path.
 */
export function namedSegments<const Name extends string>(
  segments: readonly string[] | undefined,
  names: readonly Name[],
): Partial<Record<Name, string>> {
  const values = segments ?? [];
  if (values.length > names.length) notFound();
  return Object.fromEntries(values.map((value, index) => [names[index], value])) as Partial<Record<Name, string>>;
}

/**
 * A page's concrete path from its segments (a catch-all's array spread in place), each encoded
 * again since Next hands params over decoded; absent optional ones are left out.
 */
export function routePath(...segments: readonly (string | readonly string[] | undefined)[]): string {
  return `/${segments
    .flat()
    .filter((segment): segment is string => segment !== undefined && segment !== "")
    .map(encodeURIComponent)
    .join("/")}`;
}

/** The browser title of a screen, from the `screens` namespace. */
export async function screenMetadata(titleKey: string): Promise<Metadata> {
  const t = await getTranslations("screens");
  return { title: t(titleKey) };
}
