// Reads captured log output (lib/log/logger.ts: one JSON object per line) and says what is wrong with it: lines that
// are not JSON, and secrets that appear in it. Long secrets (tokens, keys, link secrets, base64 of evidence) are looked
// for anywhere in the text, also percent-encoded; short codes (PINs, one-time codes) as a whole number inside any
// string of a line (a number field such as "ms":2468 is no code), since four digits turn up everywhere else.

export type LogLine = Record<string, unknown>;

export type LogScan = {
  lines: LogLine[];
  /** Lines that are not one JSON object. */
  notJson: string[];
  /** "name: line" for each secret found. */
  leaks: string[];
};

/** Every string inside a value, however deep. */
function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (value && typeof value === "object") for (const [key, item] of Object.entries(value)) if (key !== "time") stringsOf(item, out);
  return out;
}

export function scanLogs(output: string, secrets: Record<string, string>, codes: Record<string, string> = {}): LogScan {
  const lines: LogLine[] = [];
  const notJson: string[] = [];
  const leaks: string[] = [];
  for (const raw of output.split("\n")) {
    if (raw.trim() === "") continue;
    let line: unknown;
    try {
      line = JSON.parse(raw);
    } catch {
      notJson.push(raw);
      continue;
    }
    if (!line || typeof line !== "object" || Array.isArray(line)) {
      notJson.push(raw);
      continue;
    }
    lines.push(line as LogLine);
    for (const [name, secret] of Object.entries(secrets)) {
      if (secret.length < 8) throw new Error(`${name} is too short to look for as text; pass it as a code`);
      if (raw.includes(secret) || raw.includes(encodeURIComponent(secret)) || raw.includes(JSON.stringify(secret).slice(1, -1))) {
        leaks.push(`${name}: ${raw}`);
      }
    }
    const strings = stringsOf(line);
    for (const [name, code] of Object.entries(codes)) {
      const whole = new RegExp(`(^|[^0-9])${code}([^0-9]|$)`);
      if (strings.some((text) => whole.test(text))) leaks.push(`${name}: ${raw}`);
    }
  }
  return { lines, notJson, leaks };
}
