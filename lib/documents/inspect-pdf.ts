import { EncryptedPDFError, PDFDocument, PDFSignature } from "@cantoo/pdf-lib";
import { AppError } from "@/lib/errors/app-error";
import { rubricaPdfMarker } from "./pdf-marker";

const magic = new TextEncoder().encode("%PDF-");

/** Readers accept the header anywhere in the first kilobyte; the extension and the declared type prove nothing. */
function hasPdfHeader(bytes: Uint8Array): boolean {
  const limit = Math.min(bytes.length - magic.length, 1024);
  for (let start = 0; start <= limit; start++) {
    if (magic.every((byte, i) => bytes[start + i] === byte)) return true;
  }
  return false;
}

function carriesMarker(pdf: PDFDocument): boolean {
  if ([pdf.getProducer(), pdf.getCreator()].some((value) => value?.includes(rubricaPdfMarker))) return true;
  return pdf
    .getForm()
    .getFields()
    .some((field) => field instanceof PDFSignature && field.getName().includes(rubricaPdfMarker));
}

/** The page count of a PDF a shipment may carry; anything else is refused with the rule it breaks. */
export async function inspectPdf(bytes: Uint8Array): Promise<{ pages: number }> {
  if (!hasPdfHeader(bytes)) throw new AppError("SHIPMENT_FILE_NOT_PDF");
  let pdf: PDFDocument;
  let pages: number;
  try {
    pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    // The parser is lenient: a damaged file often loads and only fails once its page tree is read.
    pages = pdf.getPageCount();
  } catch (error) {
    throw new AppError(error instanceof EncryptedPDFError ? "SHIPMENT_FILE_ENCRYPTED" : "SHIPMENT_FILE_UNREADABLE");
  }
  if (pdf.isEncrypted) throw new AppError("SHIPMENT_FILE_ENCRYPTED");
  if (pages === 0) throw new AppError("SHIPMENT_FILE_UNREADABLE");
  if (carriesMarker(pdf)) throw new AppError("SHIPMENT_ALREADY_SIGNED");
  return { pages };
}
