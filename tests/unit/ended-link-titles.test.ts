import { describe, expect, it } from "vitest";
import { translator } from "@/lib/i18n/messages";
import { endedLinkTitleKey } from "@/lib/signing/link-state";

// Issue 16, point 15: a signer whose shipment was rejected or cancelled lands on /error/{status}/{state};
// that page was titled "Algo salió mal" whatever the state.
describe("the titles of the pages an ended link leads to", () => {
  const es = translator("es-es");
  const en = translator("en-us");
  const title = (t: typeof es, state: string | undefined) => t(endedLinkTitleKey(state));

  it("name the state in both languages, not 'something went wrong'", () => {
    expect(title(es, "REJECTED")).toBe("Firma rechazada");
    expect(title(es, "CANCELLED")).toBe("Envío cancelado o expirado");
    expect(title(en, "REJECTED")).toBe("Signature declined");
    expect(title(en, "CANCELLED")).toBe("Shipment cancelled or expired");
    const states = ["REJECTED", "LAPSED", "COMPLETED", "IN_REVIEW", "CANCELLED", "SHIPMENT_COMPLETED", "INCORRECT_STATUS", "UNKNOWN"];
    for (const t of [es, en]) {
      const titles = states.map((state) => title(t, state));
      expect(new Set(titles).size).toBe(states.length);
      expect(titles).not.toContain(t("pages.error.title"));
    }
  });

  it("keep the generic title for a path that names no state", () => {
    expect(title(es, undefined)).toBe("Algo salió mal");
    expect(title(es, "<script>")).toBe("Algo salió mal");
  });
});
