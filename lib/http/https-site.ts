/**
 * Whether the site is served over https, by its public base URL (APP_BASE_URL), read at each call. Secure
 * cookies and HSTS follow this, never NODE_ENV: a production process started without NODE_ENV stays safe.
 */
export function httpsSite(): boolean {
  return (process.env.APP_BASE_URL ?? "").trim().toLowerCase().startsWith("https://");
}
