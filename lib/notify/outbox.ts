import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/config/env";

// Without SMTP or Twilio configured, messages land here so a developer can read the codes they carry.
export async function writeToOutbox(recipient: string, extension: string, content: string | Buffer): Promise<string> {
  const dir = path.resolve(env().MAIL_OUTBOX_DIR);
  await mkdir(dir, { recursive: true });
  // Timestamp first so a directory listing sorts by time; the recipient makes a file easy to find.
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const safeRecipient = recipient.replace(/[^A-Za-z0-9@._+-]/g, "_");
  const file = path.join(dir, `${stamp}-${safeRecipient}-${randomBytes(3).toString("hex")}${extension}`);
  await writeFile(file, content, { mode: 0o600 });
  return file;
}
