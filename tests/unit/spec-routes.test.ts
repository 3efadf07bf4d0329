import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { portalPages } from "@/lib/permissions/routes";

const root = fileURLToPath(new URL("../..", import.meta.url));
const appDir = path.join(root, "app");

type SpecRoute = { pattern: string; file: string };

/**
 * Every route of spec §2 and the page file meant to serve it. Required params are dynamic
 * segments; trailing optional params are one optional catch-all that refuses extra segments.
 */
const authenticated: SpecRoute[] = [
  { pattern: "/signatures", file: "(portal)/signatures/page.tsx" },
  { pattern: "/inbox", file: "(portal)/inbox/page.tsx" },
  { pattern: "/steps-flow/{flowIdSel?}/{flowProcess?}", file: "(portal)/steps-flow/[[...params]]/page.tsx" },
  { pattern: "/flows", file: "(portal)/flows/page.tsx" },
  { pattern: "/dashboard", file: "(portal)/dashboard/page.tsx" },
  { pattern: "/profile", file: "(portal)/profile/page.tsx" },
  { pattern: "/manual", file: "(portal)/manual/page.tsx" },
  { pattern: "/roles", file: "(portal)/roles/page.tsx" },
  { pattern: "/rolePrivileges/{rolId}", file: "(portal)/rolePrivileges/[rolId]/page.tsx" },
  { pattern: "/notifications", file: "(portal)/notifications/page.tsx" },
  { pattern: "/managers", file: "(portal)/managers/page.tsx" },
  { pattern: "/info-organization", file: "(portal)/info-organization/page.tsx" },
  { pattern: "/organization", file: "(portal)/organization/page.tsx" },
  { pattern: "/docdetail/{documentHexId}/{mySign?}", file: "(portal)/docdetail/[documentHexId]/[[...params]]/page.tsx" },
  { pattern: "/api-management/{apiUserHexId}", file: "(portal)/api-management/[apiUserHexId]/page.tsx" },
  { pattern: "/prepare-document/{documentHexId?}", file: "(portal)/prepare-document/[[...params]]/page.tsx" },
  { pattern: "/contacts", file: "(portal)/contacts/page.tsx" },
  { pattern: "/trading-history", file: "(portal)/trading-history/page.tsx" },
  { pattern: "/setting", file: "(portal)/setting/page.tsx" },
  { pattern: "/logoff", file: "(portal)/logoff/page.tsx" },
  { pattern: "/users", file: "(portal)/users/page.tsx" },
  { pattern: "/groups", file: "(portal)/groups/page.tsx" },
  { pattern: "/report/{item}/{id}/{type}", file: "(portal)/report/[item]/[id]/[type]/page.tsx" },
  { pattern: "/fileType", file: "(portal)/fileType/page.tsx" },
  { pattern: "/batchImport", file: "(portal)/batchImport/page.tsx" },
  { pattern: "/validations", file: "(portal)/validations/page.tsx" },
  { pattern: "/affiliation", file: "(portal)/affiliation/page.tsx" },
  { pattern: "/seeValidation/{hexId?}/{status?}", file: "(portal)/seeValidation/[[...params]]/page.tsx" },
  { pattern: "/seeAfiliation/{hexId?}", file: "(portal)/seeAfiliation/[[...params]]/page.tsx" },
  { pattern: "/apisadhoc", file: "(portal)/apisadhoc/page.tsx" },
];

const link = "{urlSign?}/{processHexId?}";
const attempt = `${link}/{numberAttemps?}`;
const processRoutes = (base: string, pages: Record<string, string>): SpecRoute[] =>
  Object.entries(pages).map(([page, params]) => ({
    pattern: `/${base}/${page}/${params}`,
    file: `${base}/${page}/[[...params]]/page.tsx`,
  }));

const signatureProcess = processRoutes("signature-process", {
  videosignature: attempt,
  reloadpage: attempt,
  "review-process": link,
  finishedAttempts: `${link}/{val?}`,
  "accept-terms": link,
  "data-confirm": link,
  "summary-signers": link,
  "document-rejection": link,
  "id-photo": attempt,
  "see-document": link,
  "selfie-photo": attempt,
  "full-process": link,
  "home-page": link,
  "digital-signature": link,
});

const validationProcess = processRoutes("validation-process", {
  "data-capture-validation": link,
  "document-rejection": link,
  reloadpage: attempt,
  "home-page": link,
  "data-confirm": `${link}/{status?}`,
  finishedAttempts: `${link}/{val?}`,
  "id-photo": attempt,
  fingerprint: attempt,
  "selfie-photo": attempt,
  video: attempt,
  "full-process": link,
  "review-process": link,
});

const otherRoutes: SpecRoute[] = [
  { pattern: "/", file: "page.tsx" },
  { pattern: "/maxNumberUses", file: "maxNumberUses/page.tsx" },
  { pattern: "/sign/{urlSign?}/{processHexId?}", file: "sign/[[...params]]/page.tsx" },
  // An optional param before a required one: only a catch-all serves both /error/{docstatus} and /error/{statusprocess}/{docstatus}.
  { pattern: "/error/{statusprocess?}/{docstatus}", file: "error/[[...params]]/page.tsx" },
  { pattern: "/wait/{urlSign?}/{processHexId?}", file: "wait/[[...params]]/page.tsx" },
  { pattern: "/files-download/{urlDownload?}", file: "files-download/[[...params]]/page.tsx" },
  { pattern: "/signup", file: "signup/page.tsx" },
  { pattern: "/detect-rtc", file: "detect-rtc/page.tsx" },
  { pattern: "/signin/{pathTo?}", file: "signin/[[...pathTo]]/page.tsx" },
  { pattern: "/securityCheck", file: "securityCheck/page.tsx" },
  { pattern: "/loginvalidation/{validationHexId?}", file: "loginvalidation/[[...params]]/page.tsx" },
  { pattern: "/ChangePass", file: "ChangePass/page.tsx" },
  { pattern: "/SetPass/{propUserId}", file: "SetPass/[propUserId]/page.tsx" },
  { pattern: "/CodeVeri", file: "CodeVeri/page.tsx" },
  { pattern: "/activateMethodsMfa", file: "activateMethodsMfa/page.tsx" },
  { pattern: "/building-page", file: "building-page/page.tsx" },
  { pattern: "/ResetPassword", file: "ResetPassword/page.tsx" },
  { pattern: "/ForgotPassword", file: "ForgotPassword/page.tsx" },
  { pattern: "/user-validate/{codigo}", file: "user-validate/[codigo]/page.tsx" },
  { pattern: "/unlock/{codigo}", file: "unlock/[codigo]/page.tsx" },
  { pattern: "/validateDocs/{signatureHexId}", file: "validateDocs/[signatureHexId]/page.tsx" },
  { pattern: "/maintenance", file: "maintenance/page.tsx" },
];

const allRoutes = [...authenticated, ...signatureProcess, ...validationProcess, ...otherRoutes];

// --- A small model of the App Router's file-system routing, enough for these pages. ---

type Segment = { kind: "static"; name: string } | { kind: "dynamic" } | { kind: "catchAll" } | { kind: "optionalCatchAll" };
type PageRoute = { file: string; segments: Segment[] };

function pageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("_") || entry.name.startsWith("@") ? [] : pageFiles(full);
    return /^page\.(tsx|ts|jsx|js)$/.test(entry.name) ? [path.relative(appDir, full).split(path.sep).join("/")] : [];
  });
}

function parseDir(name: string): Segment | null {
  if (/^\(.*\)$/.test(name)) return null; // route group: not part of the URL
  if (/^\[\[\.\.\..+\]\]$/.test(name)) return { kind: "optionalCatchAll" };
  if (/^\[\.\.\..+\]$/.test(name)) return { kind: "catchAll" };
  if (/^\[.+\]$/.test(name)) return { kind: "dynamic" };
  return { kind: "static", name };
}

const pages: PageRoute[] = pageFiles(appDir).map((file) => ({
  file,
  segments: file
    .split("/")
    .slice(0, -1)
    .map(parseDir)
    .filter((segment): segment is Segment => segment !== null),
}));

function matches(segments: Segment[], url: string[]): boolean {
  const [head, ...rest] = segments;
  if (!head) return url.length === 0;
  if (head.kind === "optionalCatchAll") return true;
  if (head.kind === "catchAll") return url.length > 0;
  const [first, ...tail] = url;
  if (first === undefined) return false;
  if (head.kind === "static" && head.name !== first) return false;
  return matches(rest, tail);
}

const rank: Record<Segment["kind"], number> = { static: 0, dynamic: 1, catchAll: 2, optionalCatchAll: 3 };

/** Static segments win over dynamic ones, and those over catch-alls, position by position, as in Next. */
function moreSpecific(a: PageRoute, b: PageRoute): number {
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
    const left = a.segments[i];
    const right = b.segments[i];
    if (!left || !right) return left ? -1 : 1;
    if (rank[left.kind] !== rank[right.kind]) return rank[left.kind] - rank[right.kind];
  }
  return 0;
}

/** The page file that serves a concrete URL path, or undefined (the not-found page). */
function resolve(urlPath: string): string | undefined {
  const url = urlPath.split("/").filter(Boolean);
  return pages.filter((page) => matches(page.segments, url)).sort(moreSpecific)[0]?.file;
}

/** Concrete URLs for a spec pattern: every param present, then optional ones dropped one by one from the right. */
function samples(pattern: string): string[] {
  const parts = pattern.split("/").filter(Boolean);
  const optional = parts.flatMap((part, index) => (/^\{.+\?\}$/.test(part) ? [index] : []));
  return Array.from({ length: optional.length + 1 }, (_, dropped) => {
    const omit = new Set(optional.slice(optional.length - dropped));
    const kept = parts.filter((_, index) => !omit.has(index)).map((part) => part.replace(/^\{(.+?)\??\}$/, "sample-$1"));
    return `/${kept.join("/")}`;
  });
}

const firstSegment = (urlPath: string) => urlPath.split("/").filter(Boolean)[0] ?? "";
const source = (file: string) => readFileSync(path.join(appDir, file), "utf8");
const portalFiles = pages.map((page) => page.file).filter((file) => file.startsWith("(portal)/"));

describe("spec §2 routes", () => {
  it.each(allRoutes)("$pattern is served by a page", ({ pattern, file }) => {
    expect(existsSync(path.join(appDir, file)), `app/${file}`).toBe(true);
    for (const url of samples(pattern)) expect(resolve(url), url).toBe(file);
  });

  it("every authenticated route lives in the portal group and has a permission requirement", () => {
    for (const { pattern, file } of authenticated) {
      expect(file.startsWith("(portal)/"), pattern).toBe(true);
      expect(Object.keys(portalPages), pattern).toContain(firstSegment(pattern));
    }
  });

  it("every key of portalPages is a spec route served under the portal group", () => {
    const specSegments = new Set(authenticated.map(({ pattern }) => firstSegment(pattern)));
    for (const segment of Object.keys(portalPages)) {
      expect(specSegments.has(segment), segment).toBe(true);
      expect(
        portalFiles.some((file) => file.split("/")[1] === segment),
        `app/(portal)/${segment}`,
      ).toBe(true);
    }
  });

  it("an unknown path has no page and gets the not-found page", () => {
    expect(resolve("/no-such-page")).toBeUndefined();
    expect(resolve("/validateDocs")).toBeUndefined();
  });
});

describe("portal pages", () => {
  it.each(portalFiles)("%s guards itself with requirePage for its own path", (file) => {
    const segment = file.split("/")[1] ?? "";
    expect(Object.keys(portalPages)).toContain(segment);
    const text = source(file);
    const call = /\bawait requirePage\(([^;]*)\);/.exec(text);
    expect(call, "await requirePage( is never called").not.toBeNull();
    expect(call?.[1] ?? "", "requirePage is given another page's path").toMatch(
      new RegExp(`["'\`/]${segment.replace(/[^\w]/g, "\\$&")}\\b`),
    );
  });

  it("no page outside the portal group takes a portal path, where the page guard would be missing", () => {
    const outside = pages.filter(
      (page) =>
        !page.file.startsWith("(portal)/") && page.segments[0]?.kind === "static" && Object.hasOwn(portalPages, page.segments[0].name),
    );
    expect(outside.map((page) => page.file)).toEqual([]);
  });
});
