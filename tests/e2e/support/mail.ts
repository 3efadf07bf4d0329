import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";
import { e2eMailDir } from "../global-setup";

/** The texts of the mails the SMTP sink received for one address so far. */
export async function mailsTo(address: string): Promise<string[]> {
  const files = (await readdir(e2eMailDir)).filter((f) => f.endsWith(`${address}.json`));
  return Promise.all(files.map(async (f) => (JSON.parse(await readFile(path.join(e2eMailDir, f), "utf8")) as { text: string }).text));
}

/** The /SetPass link of the invitation mailed to `address`, as a path the browser can open; waits for the mail. */
export async function setPassLinkFor(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      for (const text of await mailsTo(address)) link = /\/SetPass\/[0-9a-f]{32}\?code=[^\s"'<>)]+/.exec(text)?.[0] ?? link;
      return link;
    })
    .toBeDefined();
  return link!;
}

/** Sets a password from the mailed invitation, which leaves the browser on the sign-in page. */
export async function setPasswordFromInvitation(page: import("@playwright/test").Page, address: string, password: string): Promise<void> {
  await page.goto(await setPassLinkFor(address));
  const form = page.getByTestId("set-password-form");
  await form.locator('input[name="password"]').fill(password);
  await form.locator('input[name="confirmPassword"]').fill(password);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/signin\?reason=PASSWORD_UPDATED$/);
}
