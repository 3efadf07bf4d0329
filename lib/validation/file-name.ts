// The name an uploaded file is stored and shown under (issue 16): its base name only, without
// control or path characters, and no longer than the file name column allows.

export const maxFileNameLength = 255;

// Path separators and the characters Windows refuses in a name, besides control characters.
const unsafeCharacters = /[\u0000-\u001F\u007F-\u009F/\\:*?"<>|]/g;

/** `fallback` when nothing of the sent name is left (".." or only control characters). */
export function safeFileName(sent: string, fallback = "documento.pdf"): string {
  const base = sent.split(/[/\\]/).pop() ?? "";
  const cleaned = base.replace(unsafeCharacters, "").trim().replace(/^\.+/, "").trim();
  if (cleaned === "") return fallback;
  const chars = [...cleaned];
  if (chars.length <= maxFileNameLength) return cleaned;
  // Keep a short extension, so the file still opens with what it is.
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 16 ? [...cleaned.slice(dot)] : [];
  return [...chars.slice(0, maxFileNameLength - extension.length), ...extension].join("").trim();
}
