import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import en from "@/messages/en-us.json";
import es from "@/messages/es-es.json";

// Every message of both catalogues is a valid ICU message: one that is not fails only when its screen renders it
// (next-intl then shows the key instead, "prepareDocument.signers.orderPlan", as the English plan of a shipment's
// signing order did: an apostrophe before "}" opened a quotation that never closed). Arguments are not given here, so
// a message that needs them reports a formatting error, which is not this test's business; a parse error is.

type Catalogue = { [key: string]: string | Catalogue };

function keysOf(catalogue: Catalogue, prefix = ""): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

describe.each([
  ["es-es", es],
  ["en-us", en],
])("the %s messages", (locale, messages) => {
  it("all parse as ICU messages", () => {
    const invalid: string[] = [];
    const t = createTranslator({
      locale,
      messages: messages as Catalogue,
      onError: (error) => {
        if (error.code === "INVALID_MESSAGE") invalid.push(error.message);
      },
    });
    const keys = keysOf(messages as Catalogue);
    expect(keys.length).toBeGreaterThan(500);
    for (const key of keys) (t as unknown as (key: string) => string)(key);
    expect(invalid).toEqual([]);
  });
});
