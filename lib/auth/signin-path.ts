/**
 * Spec §2 route guard: /signin followed by the wanted path with slashes replaced by underscores.
 * Underscores already in the path (REPORT_ENVIO) travel as "~" so the way back is unambiguous.
 */
export function signinPathFor(wanted: string): string {
  const path = wanted.split("?")[0] ?? "/";
  if (path === "/" || path === "") return "/signin";
  return `/signin/${path.replace(/_/g, "~").replace(/\//g, "_")}`;
}

/** The page to return to after sign-in; only paths of this site, never another origin. */
export function pathFromSignin(pathTo: string | undefined): string | null {
  if (!pathTo) return null;
  const path = decodeURIComponent(pathTo).replace(/_/g, "/").replace(/~/g, "_");
  if (!path.startsWith("/") || path.startsWith("//") || /[\\:]/.test(path)) return null;
  // Coming back to /logoff would end the session just opened.
  if (path === "/logoff") return null;
  return path;
}
