import { describe, expect, it } from "vitest";
import { safeFileName } from "@/lib/validation/file-name";

describe("the name an uploaded file is stored under", () => {
  it.each([
    ["../../etc/passwd/contrato.pdf", "contrato.pdf"],
    ["C:\\Users\\ana\\Escritorio\\Poder notarial.pdf", "Poder notarial.pdf"],
    ["con\u0000tra\u001bto\u007f.pdf", "contrato.pdf"],
    ['Anexo: "final" <v2>?.pdf', "Anexo final v2.pdf"],
    ["...oculto.pdf", "oculto.pdf"],
    ["Escritura de compraventa — Núñez.pdf", "Escritura de compraventa — Núñez.pdf"],
    ["..", "documento.pdf"],
    ["\u0000\u0001", "documento.pdf"],
  ])("%j is kept as %j", (sent, stored) => {
    expect(safeFileName(sent)).toBe(stored);
  });

  it("is cut to 255 characters, keeping a short extension", () => {
    const name = safeFileName(`${"ñ".repeat(300)}.pdf`);
    expect([...name]).toHaveLength(255);
    expect(name.endsWith("ñ.pdf")).toBe(true);
  });
});
