import { describe, expect, it } from "vitest";
import { beforeFullStop, countryName } from "@/lib/i18n/text";

describe("texts shown in the portal", () => {
  it("names a country in the reader's language, not by its code", () => {
    expect(countryName("ES", "es-es")).toBe("España");
    expect(countryName("ES", "en-us")).toBe("Spain");
    expect(countryName("co", "es-es")).toBe("Colombia");
    expect(countryName(null, "es-es")).toBe("");
  });

  it("lets a name ending in a full stop end the sentence with it: no 'S.L..'", () => {
    expect(`Resumen de ${beforeFullStop("Notaría Demo S.L.")}.`).toBe("Resumen de Notaría Demo S.L.");
    expect(`Resumen de ${beforeFullStop("Gestoría Prueba")}.`).toBe("Resumen de Gestoría Prueba.");
  });
});
