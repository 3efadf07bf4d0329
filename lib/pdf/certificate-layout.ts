import type { Locale } from "@/lib/i18n/config";
import { formatZonedTime } from "@/lib/i18n/zoned-time";
import type { PdfDocumentDefinition } from "./render-pdf";

// What the shipments' audit certificate (lib/pdf/audit-certificate.ts) and the validation certificate
// (lib/validation-process/certificate.ts) lay out alike: the A4 page with its styles and footer, the heading beside
// the QR code of /validateDocs/{id}, and the audit trail table. Each certificate adds its own sections.

import type { Translate } from "@/lib/i18n/messages";

/** The small pieces every certificate table is made of, in the organisation's language and time zone. */
export function certificateCells(locale: Locale, timezone: string) {
  return {
    when: (date: Date | null) => (date ? formatZonedTime(date, locale, timezone, { seconds: true }) : "—"),
    hash: (value: string) => ({ text: value, font: "Roboto", fontSize: 7, noWrap: true }),
    label: (text: string) => ({ text, bold: true }),
  };
}

/** An A4 certificate: its title on every page's footer with the certificate's id and the page number. */
export function certificateDocument(options: {
  title: string;
  /** The PDF's own title (its metadata); the certificate's title when not given. */
  infoTitle?: string;
  organization: string;
  /** The organisation as the PDF's author too. */
  author?: boolean;
  id: string;
  styles?: Record<string, unknown>;
  content: unknown[];
}): PdfDocumentDefinition {
  return {
    pageSize: "A4",
    pageMargins: [40, 50, 40, 50],
    info: {
      title: options.infoTitle ?? options.title,
      creator: options.organization,
      ...(options.author ? { author: options.organization } : {}),
    },
    defaultStyle: { fontSize: 9 },
    styles: {
      heading: { fontSize: 16, bold: true },
      section: { fontSize: 12, bold: true, margin: [0, 14, 0, 6] },
      ...options.styles,
    },
    footer: (current: number, total: number) => ({
      text: `${options.title} · ${options.id} · ${current}/${total}`,
      alignment: "center",
      fontSize: 7,
      margin: [0, 20, 0, 0],
    }),
    content: options.content,
  } as PdfDocumentDefinition;
}

/** The certificate's heading (title, organisation, then the lines given) beside the QR code of its public page. */
export function certificateHeading(title: string, organization: string, lines: unknown[], qr: Buffer) {
  return {
    columns: [
      { width: "*", stack: [{ text: title, style: "heading" }, { text: organization, margin: [0, 4, 0, 8] }, ...lines] },
      { width: 110, image: `data:image/png;base64,${qr.toString("base64")}`, fit: [110, 110] },
    ],
  };
}

/** The audit trail: each event's sequence, type, time and chained hash (labels from the certificate's namespace). */
export function auditTrailTable(
  events: { sequence: number; type: string; createdAt: Date; hash: string }[],
  t: Translate,
  cells: ReturnType<typeof certificateCells>,
) {
  const { when, hash, label } = cells;
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: [18, 95, 95, "*"],
      body: [
        [label("#"), label(t("eventType")), label(t("eventTime")), label(t("eventHash"))],
        ...events.map((event) => [
          String(event.sequence),
          { text: event.type, fontSize: 8 },
          { text: when(event.createdAt), fontSize: 7 },
          hash(event.hash),
        ]),
      ],
    },
    layout: "lightHorizontalLines",
  };
}
