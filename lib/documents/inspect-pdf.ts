import { EncryptedPDFError, PDFDocument, PDFSignature } from "@cantoo/pdf-lib";
import { AppError } from "@/lib/errors/app-error";
import { rubricaPdfMarker } from "./pdf-marker";
import { activeContentIn, crossReferenceIntact } from "./pdf-hazards";

const magic = new TextEncoder().encode("%PDF-");

function startsWithPdfHeader(bytes: Uint8Array): boolean {
  return magic.every((byte, i) => bytes[i] === byte);
}

/**
 * Readers accept the header anywhere in the first kilobyte, so a ZIP (or any container) carrying a
 * PDF opens as one; a shipment's file must be the PDF itself, from its first byte.
 */
function hasPdfHeaderWithin(bytes: Uint8Array, limit: number): boolean {
  const last = Math.min(bytes.length - magic.length, limit);
  for (let start = 1; start <= last; start++) {
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

/**
 * The page count of a PDF a shipment may carry; anything else is refused with the rule it breaks.
 * The one acceptance rule of the single upload and the batch import: the PDF itself from byte 0,
 * readable, not encrypted, no active content, an intact cross-reference table (a broken one is
 * refused as damaged, not repaired: signers must see the very bytes the sender chose), and not a
 * file the product signed. Signatures by others are no reason to refuse it.
 */
export async function inspectPdf(bytes: Uint8Array): Promise<{ pages: number }> {
  if (!startsWithPdfHeader(bytes))
    throw new AppError(hasPdfHeaderWithin(bytes, 1024) ? "SHIPMENT_FILE_CONTAINER" : "SHIPMENT_FILE_NOT_PDF");
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
  const active = activeContentIn(pdf);
  if (active !== null) throw new AppError("SHIPMENT_FILE_ACTIVE_CONTENT", { feature: active });
  if (!crossReferenceIntact(bytes, pdf)) throw new AppError("SHIPMENT_FILE_DAMAGED");
  return { pages };
}
