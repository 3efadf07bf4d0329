// Pure: where a dispatch went, shown so staff can tell addresses apart without reading them.

/** ITU country calling codes of two digits; 1 and 7 have one, every other code has three. */
const twoDigitCodes = new Set([
  "20",
  "27",
  "30",
  "31",
  "32",
  "33",
  "34",
  "36",
  "39",
  "40",
  "41",
  "43",
  "44",
  "45",
  "46",
  "47",
  "48",
  "49",
  "51",
  "52",
  "53",
  "54",
  "55",
  "56",
  "57",
  "58",
  "60",
  "61",
  "62",
  "63",
  "64",
  "65",
  "66",
  "81",
  "82",
  "84",
  "86",
  "90",
  "91",
  "92",
  "93",
  "94",
  "95",
  "98",
]);

function countryCode(digits: string): string {
  if (digits.startsWith("1") || digits.startsWith("7")) return digits.slice(0, 1);
  if (twoDigitCodes.has(digits.slice(0, 2))) return digits.slice(0, 2);
  return digits.slice(0, 3);
}

/** ana.garcia@example.com → a***@example.com: the first letter and the domain stay. */
export function maskEmail(address: string): string {
  const value = address.trim();
  const at = value.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${value[0]}***${value.slice(at)}`;
}

/**
 * +34612345612 → +34 6** *** *12: the country code, the first digit and the last two stay, the
 * rest is starred in groups of three.
 */
export function maskPhone(number: string): string {
  const international = number.trim().startsWith("+");
  const digits = number.replace(/\D/g, "");
  if (digits.length < 4) return "***";
  const code = international ? countryCode(digits) : "";
  const national = digits.slice(code.length);
  const keepEnd = national.length > 4 ? 2 : 1;
  const starred =
    national.length > 4
      ? `${national[0]}${"*".repeat(national.length - 1 - keepEnd)}${national.slice(-keepEnd)}`
      : `${"*".repeat(national.length - keepEnd)}${national.slice(-keepEnd)}`;
  const groups = starred.match(/.{1,3}/g) ?? [];
  // A lone last digit joins the group before it: "5** *** **06", not "5** *** **0 6".
  const last = groups.at(-1);
  if (groups.length > 1 && last?.length === 1) groups.splice(-2, 2, `${groups.at(-2)}${last}`);
  return [international ? `+${code}` : null, ...groups].filter(Boolean).join(" ");
}

export function maskDestination(channel: "EMAIL" | "SMS", value: string | null): string | null {
  if (!value?.trim()) return null;
  return channel === "EMAIL" ? maskEmail(value) : maskPhone(value);
}

const emailPattern = /[^\s<>"'()[\]:;,]+@[^\s<>"'()[\]:;,]+\.[A-Za-z]{2,}/g;
// International numbers, or a bare run of 9 to 15 digits; dotted runs are addresses and ports, not phones.
const phonePattern = /\+\d[\d\s-]{6,}\d|(?<![\w.:])\d{9,15}(?![\w.:])/g;

/** A transport's error text with every e-mail address and phone number in it masked the same way. */
export function maskAddressesIn(text: string): string {
  return text.replace(emailPattern, (match) => maskEmail(match)).replace(phonePattern, (match) => maskPhone(match));
}
