import { createHash } from "node:crypto";
import {
  EncryptedPDFError,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFStream,
  PDFString,
  ParseSpeeds,
  type PDFObject,
  StandardFonts,
  type PDFFont,
  type PDFImage,
} from "@cantoo/pdf-lib";
import { z } from "zod";
import { rubricaPdfMarker } from "@/lib/documents/pdf-marker";
import { AppError } from "@/lib/errors/app-error";
import { randomHex } from "@/lib/security/random";
import { assertCertificateCurrent, buildCadesSignature } from "./cms";
import type { SigningCredentials } from "./credentials";

/** Where a visible signature goes: PDF points, origin at the page's lower-left corner. */
export type SignatureRect = {
  x: number;
  y: number;
  width: number;
  height: number;
};

export type SignatureAppearance = {
  /** The handwritten signature (PNG; transparency kept), drawn to fit the rectangle keeping its proportions. */
  png: Uint8Array;
  /** 1-based page number, as people and pdf.js count pages. */
  page: number;
  rect: SignatureRect;
  /** Lines printed under the drawing, inside the rectangle (the signer's name, the date and time with its zone). */
  caption?: string[];
};

export type SignPdfOptions = {
  /** /Name, /Reason, /Location, /ContactInfo of the signature dictionary: what readers show next to it. */
  signer: { name: string; reason: string; location?: string; contactInfo?: string };
  /** Visible signature; without it the signature is invisible (a zero-size widget on page 1). */
  appearance?: SignatureAppearance;
  /** Name of the new signature field, unique in the document (e.g. "Firma_<hex>"). */
  fieldName: string;
  credentials: SigningCredentials;
  /** RFC 3161 timestamp authority: the signature becomes PAdES B-T. */
  tsaUrl?: string;
  /** The signing time claimed in /M; now by default. */
  signingTime?: Date;
};

const optionsSchema = z.object({
  signer: z.object({
    name: z.string().trim().min(1).max(500),
    reason: z.string().trim().min(1).max(1000),
    location: z.string().max(500).optional(),
    contactInfo: z.string().max(500).optional(),
  }),
  appearance: z
    .object({
      png: z.instanceof(Uint8Array),
      page: z.number().int().min(1),
      rect: z.object({
        x: z.number().finite(),
        y: z.number().finite(),
        width: z.number().positive().finite(),
        height: z.number().positive().finite(),
      }),
      caption: z.array(z.string().max(200)).max(3).optional(),
    })
    .optional(),
  // A period would make the name hierarchical (ISO 32000 12.7.4.2).
  fieldName: z.string().regex(/^[\p{L}\p{N}_-]{1,100}$/u),
  tsaUrl: z.string().url().optional(),
});

// Bytes reserved in /Contents beyond the certificates: the CMS itself (~1.5 KB) and a timestamp token with
// its TSA certificates when a TSA is used. A signature that outgrows its room is made again with twice the room.
const cmsOverhead = 3_072;
const timestampOverhead = 12_288;
const byteRangePlaceholder = "**********";

/** One occurrence of `needle` in `haystack` at or after `from`; -1 if none. */
function indexOf(haystack: Uint8Array, needle: string, from: number): number {
  return Buffer.from(haystack.buffer, haystack.byteOffset, haystack.byteLength).indexOf(needle, from, "latin1");
}

function widgetFlags(): number {
  // Print (4) + Locked (128): printed with the page, never moved or deleted in a viewer.
  return 4 | 128;
}

/** Text Helvetica (WinAnsi) can print: anything else becomes "?", so an unusual name never stops a signature. */
function printable(text: string): string {
  return text.normalize("NFC").replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, "?");
}

const captionSize = 6.5;
const captionLeading = 7.5;

/**
 * A form XObject that draws the image centred in a width×height box, keeping its aspect ratio, with the
 * caption's lines (name, date) printed under it inside the same box, each shrunk to fit the width.
 */
function imageAppearance(pdf: PDFDocument, image: PDFImage, width: number, height: number, caption: string[] = [], font?: PDFFont): PDFRef {
  const n = (value: number) => Number(value.toFixed(3)).toString();
  const captionHeight = font && caption.length > 0 ? caption.length * captionLeading + 2 : 0;
  const area = height - captionHeight;
  const scale = Math.min(width / image.width, area / image.height);
  const drawWidth = image.width * scale;
  const drawHeight = image.height * scale;
  const x = (width - drawWidth) / 2;
  const y = captionHeight + (area - drawHeight) / 2;
  const parts = [`q ${n(drawWidth)} 0 0 ${n(drawHeight)} ${n(x)} ${n(y)} cm /Img Do Q`];
  if (font && captionHeight > 0) {
    parts.push("q 0.2 0.25 0.33 rg BT");
    caption.forEach((line, index) => {
      const text = printable(line);
      const size = Math.min(captionSize, (captionSize * (width - 4)) / Math.max(1, font.widthOfTextAtSize(text, captionSize)));
      const lineWidth = font.widthOfTextAtSize(text, size);
      const baseline = captionHeight - (index + 1) * captionLeading + 1.5;
      parts.push(
        `/F1 ${n(size)} Tf 1 0 0 1 ${n(Math.max(2, (width - lineWidth) / 2))} ${n(baseline)} Tm ${font.encodeText(text).toString()} Tj`,
      );
    });
    parts.push("ET Q");
  }
  const stream = pdf.context.stream(parts.join("\n"), {
    Type: "XObject",
    Subtype: "Form",
    BBox: [0, 0, width, height],
    Resources: { XObject: { Img: image.ref }, ...(font && captionHeight > 0 ? { Font: { F1: font.ref } } : {}) },
  });
  return pdf.context.register(stream);
}

function emptyAppearance(pdf: PDFDocument): PDFRef {
  return pdf.context.register(pdf.context.stream("", { Type: "XObject", Subtype: "Form", BBox: [0, 0, 0, 0] }));
}

/** ETSI.CAdES.detached is a PDF 2.0 SubFilter; a 1.x file declares the ESIC extension (ISO 32000-1 extension level 2). */
function declareEsicExtension(pdf: PDFDocument): void {
  const [major] = pdf.context.header.getVersionString().split(".").map(Number);
  if ((major ?? 1) >= 2) return;
  const catalog = pdf.catalog;
  let extensions = catalog.lookupMaybe(PDFName.of("Extensions"), PDFDict);
  if (extensions?.has(PDFName.of("ESIC"))) return;
  if (!extensions) {
    extensions = pdf.context.obj({});
    catalog.set(PDFName.of("Extensions"), extensions);
  }
  extensions.set(PDFName.of("ESIC"), pdf.context.obj({ BaseVersion: PDFName.of("1.7"), ExtensionLevel: 2 }));
}

function existingFieldNames(pdf: PDFDocument): Set<string> {
  const form = pdf.catalog.getAcroForm();
  return new Set(form ? form.getAllFields().map(([field]) => field.getFullyQualifiedName() ?? "") : []);
}

/** A PDF read to look at (its fields, its pages), not to change. */
export async function readPdf(pdf: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
}

/** The form field names a PDF already has: a signer whose field is there has signed this file. */
export async function pdfFieldNames(pdf: Uint8Array | PDFDocument): Promise<Set<string>> {
  return existingFieldNames(pdf instanceof PDFDocument ? pdf : await readPdf(pdf));
}

/**
 * @cantoo/pdf-lib, for an incremental update, finds which indirect object a changed dictionary or array belongs to
 * by walking every object of the document, on every change: each key of each new object costs a walk of the whole
 * file (most of a signature's time on a long document). The same answer here comes from an index of the loaded
 * objects, built in one walk. Objects created after loading are not in it and need no entry: a new indirect object
 * is marked for saving when it is registered, and a new direct one marks the object it is put into at that moment.
 */
function trackChangesByIndex(doc: PDFDocument): void {
  const { context } = doc;
  const owners = new Map<PDFObject, PDFRef>();
  const index = (object: PDFObject, ref: PDFRef): void => {
    if (object instanceof PDFStream) return index(object.dict, ref);
    if (!(object instanceof PDFDict || object instanceof PDFArray) || owners.has(object)) return;
    owners.set(object, ref);
    const children = object instanceof PDFDict ? object.values() : object.asArray();
    for (const child of children) index(child, ref);
  };
  for (const [ref, object] of context.enumerateIndirectObjects()) index(object, ref);
  context.registerObjectChange = (object: PDFObject) => {
    const ref = owners.get(object);
    if (ref && context.snapshot) context.snapshot.markRefForSave(ref);
  };
}

/** The document with an empty signature field appended as an incremental update, and where to fill it in. */
async function withPlaceholder(
  pdf: Uint8Array,
  options: SignPdfOptions,
  contentsBytes: number,
): Promise<{ bytes: Uint8Array; contentsStart: number; contentsEnd: number; byteRangeStart: number }> {
  let doc: PDFDocument;
  try {
    // Fastest: no pause every 100 objects (a setTimeout each) for a browser's sake; the worker only waits for this document.
    doc = await PDFDocument.load(pdf, { forIncrementalUpdate: true, updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  } catch (error) {
    if (error instanceof EncryptedPDFError) throw new AppError("SHIPMENT_FILE_ENCRYPTED");
    throw error;
  }
  if (doc.isEncrypted) throw new AppError("SHIPMENT_FILE_ENCRYPTED");
  trackChangesByIndex(doc);
  if (existingFieldNames(doc).has(options.fieldName))
    throw new Error(`PDF signing: the document already has a field named ${options.fieldName}`);

  const pages = doc.getPages();
  const pageIndex = (options.appearance?.page ?? 1) - 1;
  const page = pages[pageIndex];
  if (!page) throw new Error(`PDF signing: page ${pageIndex + 1} does not exist (the document has ${pages.length})`);

  const { context } = doc;
  const byteRange = PDFArray.withContext(context);
  byteRange.push(PDFNumber.of(0));
  for (let i = 0; i < 3; i++) byteRange.push(PDFName.of(byteRangePlaceholder));
  const { signer } = options;
  const signature = context.obj({
    Type: "Sig",
    Filter: "Adobe.PPKLite",
    SubFilter: "ETSI.CAdES.detached",
    ByteRange: byteRange,
    Contents: PDFHexString.of("0".repeat(contentsBytes * 2)),
    M: PDFString.fromDate(options.signingTime ?? new Date()),
    Name: PDFHexString.fromText(signer.name),
    Reason: PDFHexString.fromText(signer.reason),
  });
  if (signer.location) signature.set(PDFName.of("Location"), PDFHexString.fromText(signer.location));
  if (signer.contactInfo) signature.set(PDFName.of("ContactInfo"), PDFHexString.fromText(signer.contactInfo));
  const signatureRef = context.register(signature);

  let rect: [number, number, number, number] = [0, 0, 0, 0];
  let appearanceRef: PDFRef;
  if (options.appearance) {
    let image: PDFImage;
    try {
      image = await doc.embedPng(options.appearance.png);
    } catch {
      throw new AppError("SIGNATURE_IMAGE_INVALID");
    }
    const { x, y, width, height } = options.appearance.rect;
    rect = [x, y, x + width, y + height];
    const caption = options.appearance.caption ?? [];
    const font = caption.length > 0 ? await doc.embedFont(StandardFonts.Helvetica) : undefined;
    appearanceRef = imageAppearance(doc, image, width, height, caption, font);
  } else {
    appearanceRef = emptyAppearance(doc);
  }
  // Field and widget in one dictionary (ISO 32000 12.7.3.1).
  const widget = context.obj({
    Type: "Annot",
    Subtype: "Widget",
    FT: "Sig",
    T: PDFHexString.fromText(options.fieldName),
    V: signatureRef,
    F: widgetFlags(),
    P: page.ref,
    Rect: rect,
    AP: { N: appearanceRef },
  });
  const widgetRef = context.register(widget);
  // Not page.node.addAnnot: it "normalizes" the page first, rewriting its content streams and resources,
  // which readers would list as changes to the signed page.
  const annots = page.node.lookupMaybe(PDFName.of("Annots"), PDFArray);
  if (annots) annots.push(widgetRef);
  else page.node.set(PDFName.of("Annots"), context.obj([widgetRef]));

  const acroForm = doc.catalog.getOrCreateAcroForm();
  acroForm.addField(widgetRef);
  // SignaturesExist (1) + AppendOnly (2): viewers must save incrementally from now on.
  acroForm.dict.set(PDFName.of("SigFlags"), PDFNumber.of(3));
  declareEsicExtension(doc);
  const producer = doc.getProducer();
  if (!producer?.includes(rubricaPdfMarker)) doc.setProducer(producer ? `${producer}; ${rubricaPdfMarker}` : rubricaPdfMarker);

  const bytes = await doc.save({ useObjectStreams: false, objectsPerTick: Infinity });
  const placeholder = `/ByteRange [ 0 /${byteRangePlaceholder} /${byteRangePlaceholder} /${byteRangePlaceholder} ]`;
  const byteRangeStart = indexOf(bytes, placeholder, pdf.byteLength);
  const contentsStart = indexOf(bytes, `<${"0".repeat(contentsBytes * 2)}>`, pdf.byteLength);
  if (byteRangeStart === -1 || contentsStart === -1 || indexOf(bytes, placeholder, byteRangeStart + 1) !== -1) {
    throw new Error("PDF signing: the signature placeholder was not written as expected");
  }
  return { bytes, contentsStart, contentsEnd: contentsStart + contentsBytes * 2 + 2, byteRangeStart };
}

/**
 * Signs a PDF as an incremental update (earlier revisions and their signatures stay byte for byte): a new
 * signature field `fieldName`, visible with the handwritten PNG or invisible, holding a PAdES B-B (B-T with a
 * TSA) CAdES signature by `credentials`. Returns the whole signed file.
 */
export async function signPdf(pdf: Uint8Array, options: SignPdfOptions): Promise<Uint8Array> {
  optionsSchema.parse(options);
  const signingTime = options.signingTime ?? new Date();
  assertCertificateCurrent(options.credentials, signingTime);
  const certificatesBytes = [options.credentials.certificate, ...options.credentials.chain].reduce((sum, der) => sum + der.byteLength, 0);
  let contentsBytes = cmsOverhead + certificatesBytes + (options.tsaUrl ? timestampOverhead : 0);

  for (let attempt = 0; attempt < 3; attempt++) {
    const { bytes, contentsStart, contentsEnd, byteRangeStart } = await withPlaceholder(pdf, { ...options, signingTime }, contentsBytes);
    const ranges = [0, contentsStart, contentsEnd, bytes.byteLength - contentsEnd];
    const placeholderLength = `[ 0 /${byteRangePlaceholder} /${byteRangePlaceholder} /${byteRangePlaceholder} ]`.length;
    const byteRange = `[${ranges.join(" ")}]`;
    if (byteRange.length > placeholderLength) throw new Error("PDF signing: the document is too large for the /ByteRange placeholder");
    // Same length as the placeholder: pad with spaces before the closing bracket.
    const filledByteRange = `${byteRange.slice(0, -1)}${" ".repeat(placeholderLength - byteRange.length)}]`;
    const byteRangeAt = byteRangeStart + "/ByteRange ".length;
    bytes.set(Buffer.from(filledByteRange, "latin1"), byteRangeAt);

    const digest = createHash("sha256").update(bytes.subarray(0, contentsStart)).update(bytes.subarray(contentsEnd)).digest();
    const cms = await buildCadesSignature({ contentDigest: digest, credentials: options.credentials, tsaUrl: options.tsaUrl });
    if (cms.byteLength > contentsBytes) {
      contentsBytes = Math.ceil((cms.byteLength * 2) / 1024) * 1024;
      continue;
    }
    bytes.set(Buffer.from(Buffer.from(cms).toString("hex"), "latin1"), contentsStart + 1);
    return bytes;
  }
  throw new Error("PDF signing: the signature does not fit its placeholder");
}

export type SealPdfOptions = {
  /** The organisation that seals: its name is the signature's /Name. */
  organization: { name: string; location?: string; contactInfo?: string };
  reason: string;
  credentials: SigningCredentials;
  tsaUrl?: string;
  /** A small visible seal (e.g. the organisation's logo as PNG); invisible without it. */
  appearance?: SignatureAppearance;
  /** Name of the seal's field; "Sello_<hex>" by default. */
  fieldName?: string;
  signingTime?: Date;
};

/** The organisation's electronic seal over the whole document: signPdf with the organisation's credentials. */
export async function sealPdf(pdf: Uint8Array, options: SealPdfOptions): Promise<Uint8Array> {
  const { organization, reason, fieldName, ...rest } = options;
  return signPdf(pdf, {
    ...rest,
    signer: { name: organization.name, reason, location: organization.location, contactInfo: organization.contactInfo },
    fieldName: fieldName ?? `Sello_${randomHex(8)}`,
  });
}
