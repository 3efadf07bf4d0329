import type { Page } from "@playwright/test";

/**
 * Collects every Content-Security-Policy violation the page reports, from the console (what a person with
 * the developer tools open would see) and from securitypolicyviolation events. Expect it to stay empty.
 */
export function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  void page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}
