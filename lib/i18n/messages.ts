import { createTranslator } from "next-intl";
import es from "@/messages/es-es.json";
import en from "@/messages/en-us.json";
import { defaultLocale, type Locale } from "./config";

export type Messages = typeof es;

type Tree = { [key: string]: string | Tree };

/** A namespace, not a message: messages are strings, or arrays once compiled at build time (next.config.mjs). */
const isTree = (value: unknown): value is Tree => typeof value === "object" && value !== null && !Array.isArray(value);

// Spanish is the fallback: an English key that is missing shows the Spanish text, never a key name.
function mergeOver(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = isTree(value) && isTree(current) ? mergeOver(current, value) : value;
  }
  return out;
}

const catalogs: Record<Locale, Messages> = {
  "es-es": es,
  "en-us": mergeOver(es as Tree, en as Tree) as Messages,
};

export function messagesFor(locale: Locale): Messages {
  return catalogs[locale] ?? catalogs[defaultLocale];
}

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A translator for code outside React (route handlers, mails, jobs). Keys are built at run time
 * there (error codes, mail kinds), so it takes plain strings; tests check both catalogs hold them.
 */
export function translator(locale: Locale, namespace?: string): Translate {
  const translate = createTranslator({ locale, messages: messagesFor(locale) }) as unknown as Translate;
  return (key, values) => translate(namespace ? `${namespace}.${key}` : key, values);
}
