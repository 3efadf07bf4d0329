import { describe, expect, it } from "vitest";
import es from "@/messages/es-es.json";
import en from "@/messages/en-us.json";

type Terms = {
  title: string;
  version: string;
  intro: string;
  sections: Record<string, { title: string; paragraphs: Record<string, string> }>;
};

// Read untyped: the clause list below is what this test checks, not the JSON's inferred shape.
const terms = {
  "es-es": (es as Record<string, unknown>).terms as Terms,
  "en-us": (en as Record<string, unknown>).terms as Terms,
};
type Language = keyof typeof terms;

function sentences(language: Language): string[] {
  const { intro, sections } = terms[language];
  const paragraphs = [intro, ...Object.values(sections).flatMap((section) => Object.values(section.paragraphs))];
  return paragraphs.flatMap((paragraph) => paragraph.split(/(?<=\.)\s+/));
}

/**
 * What spec §1 (and §9) says the terms state. Each clause is a set of patterns that must all occur in
 * one sentence, so a number is tied to what it is about (the two 30-day clauses are told apart).
 */
const clauses: { clause: string; "es-es": RegExp[]; "en-us": RegExp[] }[] = [
  { clause: "party: client", "es-es": [/^«Cliente»:/], "en-us": [/^“Client”:/] },
  { clause: "party: authorized personnel", "es-es": [/^«Personal autorizado»:/], "en-us": [/^“Authorized personnel”:/] },
  { clause: "party: signer", "es-es": [/^«Firmante»:/], "en-us": [/^“Signer”:/] },
  { clause: "signers are 18 or older", "es-es": [/18 años o más/], "en-us": [/18 years of age or older/] },
  {
    clause: "the client signs automatically after all signers",
    "es-es": [/todos los Firmantes han firmado/, /el Cliente firma el documento automáticamente/],
    "en-us": [/all Signers have signed/, /the Client signs the document automatically/],
  },
  {
    clause: "30 days' notice for non-renewal",
    "es-es": [/no renovarlo/, /al menos 30 días de antelación/],
    "en-us": [/not to renew/, /at least 30 days before the renewal date/],
  },
  {
    clause: "data deletion possible 30 days after termination",
    "es-es": [/Pasados 30 días desde la terminación/, /suprimir definitivamente los datos/],
    "en-us": [/30 days have passed since termination/, /permanently delete the Client's data/],
  },
  {
    clause: "liability cap: twelve months of fees",
    "es-es": [/responsabilidad total/, /tarifas pagadas/, /doce meses/],
    "en-us": [/total liability/, /fees paid/, /twelve months/],
  },
  {
    clause: "liability cap: fifty dollars on free plans",
    "es-es": [/planes gratuitos/, /cincuenta dólares/],
    "en-us": [/free plans/, /fifty (US )?dollars/],
  },
  {
    clause: "the client cancels the access of leaving staff",
    "es-es": [/deja la organización/, /el Cliente cancela su acceso/],
    "en-us": [/leaves the organization/, /the Client cancels their access/],
  },
  { clause: "the law of a named country", "es-es": [/se rigen por la legislación española/], "en-us": [/governed by the laws of Spain/] },
  {
    clause: "arbitration",
    "es-es": [/arbitraje/, /Corte de Arbitraje de Madrid/],
    "en-us": [/arbitration/, /Madrid Court of Arbitration/],
  },
  { clause: "GDPR and LOPDGDD", "es-es": [/Reglamento \(UE\) 2016\/679/, /LOPDGDD/], "en-us": [/Regulation \(EU\) 2016\/679/, /LOPDGDD/] },
  {
    clause: "the evidence kinds",
    "es-es": [/fotografía del documento de identidad/, /selfie/, /vídeo/, /trazo de la firma/, /huella dactilar/, /geolocalización/],
    "en-us": [/identity document photo/, /selfie/, /video/, /signature drawing/, /fingerprint/, /geolocation/],
  },
  {
    clause: "blockchain stamping stores only hashes",
    "es-es": [/blockchain/, /únicamente huellas criptográficas \(hashes\)/],
    "en-us": [/[Bb]lockchain/, /only cryptographic fingerprints \(hashes\)/],
  },
];

/** Spec §1: "service, account rules, signature steps, data protection, payment, termination and arbitration". */
const requiredSections = [
  "parties",
  "service",
  "acceptance",
  "accounts",
  "signature",
  "dataProtection",
  "payment",
  "termination",
  "liability",
  "law",
];

describe("terms of use", () => {
  for (const language of ["es-es", "en-us"] as const) {
    describe(language, () => {
      for (const { clause, [language]: patterns } of clauses) {
        it(`state: ${clause}`, () => {
          const sentence = sentences(language).find((text) => patterns.every((pattern) => pattern.test(text)));
          expect(sentence, `${language}: ${clause}`).toBeDefined();
        });
      }

      it("have the sections the specification lists", () => {
        expect(Object.keys(terms[language].sections)).toEqual(expect.arrayContaining(requiredSections));
      });
    });
  }

  it("carry version 1.0 of 22 November 2026 in both languages", () => {
    expect(terms["es-es"].version).toBe("Versión 1.0, 22 de noviembre de 2026");
    expect(terms["en-us"].version).toBe("Version 1.0, November 22, 2026");
  });

  it("have the same sections and paragraphs, in the same order, in both languages", () => {
    const outline = (language: Language) =>
      Object.entries(terms[language].sections).map(([key, section]) => [key, Object.keys(section.paragraphs)]);
    expect(outline("en-us")).toEqual(outline("es-es"));
    expect(Object.keys(terms["es-es"].sections).length).toBeGreaterThanOrEqual(requiredSections.length);
  });

  it("translate every paragraph: English text differs from the Spanish and keeps the same figures", () => {
    const figures = (text: string) => (text.match(/\d+/g) ?? []).sort();
    for (const [key, section] of Object.entries(terms["es-es"].sections)) {
      const english = terms["en-us"].sections[key];
      expect(figures(english?.title ?? ""), key).toEqual(figures(section.title));
      for (const [paragraph, spanish] of Object.entries(section.paragraphs)) {
        const translated = english?.paragraphs[paragraph] ?? "";
        expect(translated, `${key}.${paragraph}`).not.toBe("");
        expect(translated, `${key}.${paragraph}`).not.toBe(spanish);
        expect(figures(translated), `${key}.${paragraph}`).toEqual(figures(spanish));
      }
    }
  });
});
