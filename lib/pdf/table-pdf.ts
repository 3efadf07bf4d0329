import { renderPdf } from "./render-pdf";

// The exports' PDF layout (operation log, reports): a landscape A4 with a title, the organisation, lines
// saying what the file holds, then one table whose header repeats on every page, and page numbers.

export type TablePdf = {
  title: string;
  organizationName: string;
  /** Lines under the title: the range, the filters, who made the file and when. */
  meta: string[];
  header: string[];
  /** pdfmake widths, one per column ("*" takes the rest). */
  widths: (number | string)[];
  /** Each cell plain text or a pdfmake cell. */
  rows: unknown[][];
  emptyText: string;
  pageLabel: (page: number, pages: number) => string;
  fontSize?: number;
};

export async function renderTablePdf(pdf: TablePdf): Promise<Buffer> {
  const meta = pdf.meta.map((text, index) => ({
    text,
    style: "meta",
    ...(index === pdf.meta.length - 1 ? { margin: [0, 0, 0, 10] } : {}),
  }));
  return renderPdf({
    pageSize: "A4",
    pageOrientation: "landscape",
    pageMargins: [32, 40, 32, 40],
    info: { title: `${pdf.title} · ${pdf.organizationName}`, author: "Rúbrica", creator: "Rúbrica" },
    content: [
      { text: pdf.title, style: "title" },
      { text: pdf.organizationName, style: "subtitle" },
      ...meta,
      pdf.rows.length
        ? {
            table: {
              headerRows: 1,
              dontBreakRows: true,
              widths: pdf.widths,
              body: [pdf.header.map((text) => ({ text, style: "tableHeader" })), ...pdf.rows],
            },
            layout: "lightHorizontalLines",
          }
        : { text: pdf.emptyText, italics: true },
    ],
    footer: (currentPage: number, pageCount: number) => ({
      text: pdf.pageLabel(currentPage, pageCount),
      alignment: "right",
      margin: [32, 12, 32, 0],
      fontSize: 8,
      color: "#64748b",
    }),
    styles: {
      title: { fontSize: 16, bold: true },
      subtitle: { fontSize: 11, margin: [0, 2, 0, 6] },
      meta: { fontSize: 8, color: "#475569" },
      tableHeader: { bold: true, fontSize: 8, color: "#0f172a" },
    },
    defaultStyle: { fontSize: pdf.fontSize ?? 7.5 },
  });
}
