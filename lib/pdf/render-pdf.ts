import pdfmake, { type PdfDocumentDefinition } from "pdfmake";
import robotoFonts from "pdfmake/fonts/Roboto.js";

// Server-side PDF files (exports, reports) are laid out by pdfmake. Its Roboto font (shipped with
// the package) covers Spanish and English text; documents may fetch no URL and read no local file
// but those fonts.
const fontFiles = new Set(Object.values(robotoFonts).flatMap((font) => Object.values(font)));
pdfmake.setFonts(robotoFonts);
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => fontFiles.has(path));

export type { PdfDocumentDefinition };

/** The finished PDF file of a pdfmake document definition (default font: Roboto). */
export async function renderPdf(definition: PdfDocumentDefinition): Promise<Buffer> {
  const defaultStyle = { font: "Roboto", ...(definition.defaultStyle as Record<string, unknown> | undefined) };
  return pdfmake.createPdf({ ...definition, defaultStyle }).getBuffer();
}
