// The response headers every page carries (proxy.ts). Scripts run only with the nonce Next puts on its own
// script tags (it reads it from the request's Content-Security-Policy) or when loaded by one of them
// ('strict-dynamic'); no page may be framed. Nothing here depends on NODE_ENV at run time: HSTS follows the
// public base URL's scheme (lib/http/https-site.ts).

/** A fresh, unguessable nonce for one response. */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))));
}

export function contentSecurityPolicy(nonce: string): string {
  const directives = [
    "default-src 'self'",
    // `next dev` (a compile-time constant in a build) needs eval for React's debugging aids; a build never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${process.env.NODE_ENV === "development" ? " 'unsafe-eval'" : ""}`,
    // Radix and Tailwind set style attributes and inline styles; a nonce here would turn 'unsafe-inline' off.
    "style-src 'self' 'unsafe-inline'",
    // Captured photos and drawn signatures are data: and blob: images; a recorded video replays from a blob:.
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    // The fingerprint step talks to the reader bridge on the signer's own machine (fingerprint_bridge_url, e.g.
    // http://127.0.0.1:15896; docs/fingerprint-bridge.md), on whatever port it listens.
    "connect-src 'self' blob: data: http://127.0.0.1:* http://localhost:* https://127.0.0.1:* https://localhost:*",
    // react-pdf's pdf.js worker comes from /api/assets/pdf-worker.
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // No page of ours is designed to be embedded: clickjacking of the signer's consent is impossible.
    "frame-ancestors 'none'",
    // No upgrade-insecure-requests: it would turn the fetch to the plain-http bridge on 127.0.0.1 into https.
  ];
  return directives.join("; ");
}

/** The headers a page response gets besides its CSP (next.config.mjs adds nosniff, a referrer policy and more to every response). */
export function pageSecurityHeaders(https: boolean): Record<string, string> {
  return https ? { "strict-transport-security": "max-age=63072000; includeSubDomains" } : {};
}
