import { describe, expect, it } from "vitest";
import es from "@/messages/es-es.json";
import en from "@/messages/en-us.json";
import { errorCodes } from "@/lib/errors/codes";

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

describe("message catalogs", () => {
  it("hold the same keys in es-es and en-us", () => {
    expect(keys(en as Tree).sort()).toEqual(keys(es as Tree).sort());
  });

  it("hold a message for every error code, in both languages", () => {
    for (const code of errorCodes) {
      expect((es.errors as Record<string, string>)[code], code).toBeTruthy();
      expect((en.errors as Record<string, string>)[code], code).toBeTruthy();
    }
  });

  it("keep the Spanish texts the specification quotes, verbatim", () => {
    const quoted = [
      "Algunos datos se encuentran vacios, complete el formulario.",
      "El nombre del api ya existe en otro registro.",
      "No se pudo guardar el cambio, el nombre del tipo de documento ya existe",
      "Debe agregar el título",
      "Alguna de las configuraciones tiene un valor inválido",
      "Ocurrió un error con nuestros servidores. No se preocupe, mántengase en línea.",
      "Debe permitir el acceso a su localización para continuar con el proceso, asegurese de conceder el permiso e intente nuevamente reiniciando la operación.",
      "Número máximo de usos alcanzado",
    ];
    const spanish = Object.values(es.errors as Record<string, string>);
    for (const text of quoted) expect(spanish).toContain(text);
  });
});
