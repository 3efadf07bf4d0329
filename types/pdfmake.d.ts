// pdfmake 0.3 ships no types; this declares the part of its server API lib/pdf/render-pdf.ts uses.
declare module "pdfmake" {
  export type PdfFontFiles = { normal: string; bold: string; italics: string; bolditalics: string };
  /** A pdfmake document definition (https://pdfmake.github.io/docs/): content, styles, page setup. */
  export type PdfDocumentDefinition = Record<string, unknown>;
  export interface PdfOutputDocument {
    getBuffer(): Promise<Buffer>;
  }
  export interface PdfMake {
    setFonts(fonts: Record<string, PdfFontFiles>): void;
    setUrlAccessPolicy(policy: (url: string) => boolean): void;
    setLocalAccessPolicy(policy: (path: string) => boolean): void;
    createPdf(definition: PdfDocumentDefinition): PdfOutputDocument;
  }
  const pdfmake: PdfMake;
  export default pdfmake;
}

declare module "pdfmake/fonts/Roboto.js" {
  const fonts: { Roboto: import("pdfmake").PdfFontFiles };
  export default fonts;
}
