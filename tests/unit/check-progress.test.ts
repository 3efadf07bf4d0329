import { describe, expect, it } from "vitest";
import { translator } from "@/lib/i18n/messages";
import { checkProgressMessages } from "@/lib/evidence/check-progress";

// Issue 16 point 19: the wait page said "Foto recibida / comparando con la foto de su documento"
// after a video too. What it says now follows the evidence being checked and what it is compared with.

function said(locale: "es-es" | "en-us", kind: string, comparedWith: "ID_FRONT" | "SELFIE") {
  const t = translator(locale);
  const { received, comparing } = checkProgressMessages({ kind, comparedWith });
  return { received: t(received.key, received.values), comparing: t(comparing.key, comparing.values) };
}

describe("the wait page while a capture is checked", () => {
  it("says in Spanish that a video, a selfie or the document's photos arrived, and what each is checked against", () => {
    expect(said("es-es", "VIDEO", "ID_FRONT")).toEqual({
      received: "Vídeo recibido",
      comparing: "Comprobando su vídeo: que es usted, como en la foto de su documento, y que se mueve con naturalidad…",
    });
    expect(said("es-es", "VIDEO", "SELFIE")).toEqual({
      received: "Vídeo recibido",
      comparing: "Comprobando su vídeo: que es usted, como en su selfie, y que se mueve con naturalidad…",
    });
    expect(said("es-es", "SELFIE", "ID_FRONT")).toEqual({
      received: "Selfie recibido",
      comparing: "Comparando su rostro con el de la foto de su documento…",
    });
    expect(said("es-es", "SELFIE", "SELFIE")).toEqual({
      received: "Selfie recibido",
      comparing: "Comparando su rostro con el de su selfie anterior…",
    });
    expect(said("es-es", "ID_FRONT", "ID_FRONT")).toEqual({
      received: "Fotos de su documento recibidas",
      comparing: "Comprobando las fotos de su documento…",
    });
  });

  it("says the same in English", () => {
    expect(said("en-us", "VIDEO", "ID_FRONT")).toEqual({
      received: "Video received",
      comparing: "Checking your video: that it is you, as in your document's photo, and that you move naturally…",
    });
    expect(said("en-us", "VIDEO", "SELFIE").comparing).toBe(
      "Checking your video: that it is you, as in your selfie, and that you move naturally…",
    );
    expect(said("en-us", "SELFIE", "ID_FRONT")).toEqual({
      received: "Selfie received",
      comparing: "Comparing your face with the one in your document's photo…",
    });
    expect(said("en-us", "SELFIE", "SELFIE").comparing).toBe("Comparing your face with the one in your earlier selfie…");
    expect(said("en-us", "ID_REAR", "ID_FRONT")).toEqual({
      received: "Document photos received",
      comparing: "Checking your document's photos…",
    });
  });

  it("never calls a video a photo", () => {
    for (const locale of ["es-es", "en-us"] as const)
      for (const target of ["ID_FRONT", "SELFIE"] as const) {
        const { received } = said(locale, "VIDEO", target);
        expect(received).not.toMatch(/foto|photo/i);
      }
  });
});
