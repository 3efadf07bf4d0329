import { afterEach, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { POST as setLocale } from "@/app/api/locale/route";
import { authOptions } from "@/lib/auth/next-auth";
import { proxy } from "@/proxy";
import { sendRequest } from "../support/http";

// Cookie flags follow the public base URL's scheme, never NODE_ENV (a production process may run without it).
afterEach(() => vi.unstubAllEnvs());

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie();
}

async function localeCookies() {
  const request = new NextRequest("http://127.0.0.1:3000/api/locale", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ locale: "en-us" }),
  });
  return cookiesOf(await sendRequest(setLocale, request));
}

// next-auth's App Router handler reads next/headers, which only a running server provides: its options decide
// the session cookie's Secure flag and __Secure- name (useSecureCookies; otherwise NEXTAUTH_URL or the request).
const sessionCookiesSecure = () => authOptions().useSecureCookies;

describe("cookies", () => {
  it("are Secure whenever the base URL is https, whatever NODE_ENV and NEXTAUTH_URL say", async () => {
    for (const nodeEnv of [undefined, "development", "production"]) {
      vi.stubEnv("NODE_ENV", nodeEnv);
      vi.stubEnv("APP_BASE_URL", "https://firma.example.com");
      vi.stubEnv("NEXTAUTH_URL", undefined);
      const locale = await localeCookies();
      expect(locale).toHaveLength(1);
      expect(locale[0]).toMatch(/; Secure/i);
      expect([nodeEnv, sessionCookiesSecure()]).toEqual([nodeEnv, true]);
    }
  });

  it("are not Secure on a plain http base URL (local development), where a browser would drop them", async () => {
    vi.stubEnv("APP_BASE_URL", "http://localhost:3000");
    vi.stubEnv("NEXTAUTH_URL", "http://localhost:3000");
    expect((await localeCookies())[0]).not.toMatch(/; Secure/i);
    expect(sessionCookiesSecure()).toBe(false);
  });
});

describe("page headers", () => {
  const page = (path: string) => proxy(new NextRequest(`http://127.0.0.1:3000${path}`));
  const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];

  it("carry a Content-Security-Policy with a fresh nonce per response, and no page may be framed", async () => {
    vi.stubEnv("APP_BASE_URL", "http://127.0.0.1:3000");
    const first = await page("/validateDocs");
    const second = await page("/validateDocs");
    const policy = first.headers.get("content-security-policy");
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("unsafe-eval");
    // Chromium ignores (and reports) a source list entry it cannot parse, such as a bracketed IPv6 host.
    expect(policy).not.toContain("[");
    expect(nonceOf(second.headers.get("content-security-policy"))).not.toBe(nonceOf(policy));
    // A portal page that redirects to sign-in carries them too.
    const redirected = await page("/dashboard");
    expect(redirected.status).toBe(307);
    expect(redirected.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("carry HSTS when the base URL is https, whatever NODE_ENV says, and not on plain http", async () => {
    for (const nodeEnv of [undefined, "development", "production"]) {
      vi.stubEnv("NODE_ENV", nodeEnv);
      vi.stubEnv("APP_BASE_URL", "https://firma.example.com");
      const secure = await page("/signin");
      expect([nodeEnv, secure.headers.get("strict-transport-security")]).toEqual([nodeEnv, expect.stringMatching(/^max-age=\d{8,}/)]);
      expect(secure.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
    vi.stubEnv("APP_BASE_URL", "http://127.0.0.1:3000");
    const plain = await page("/signin");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    expect(plain.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});
