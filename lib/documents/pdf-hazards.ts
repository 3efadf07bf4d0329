import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFXRefStreamParser,
  type PDFDocument,
  type PDFObject,
} from "@cantoo/pdf-lib";

// What a PDF must not carry to be sent for signing (issue 16): content that acts when the file is
// opened or touched, and a cross-reference table that readers would each "repair" their own way,
// which could show signers something other than what was checked.

/** Action types that run code, start programs, send data or play scripted media. */
const activeActions = new Set(
  ["JavaScript", "Launch", "ImportData", "SubmitForm", "RichMediaExecute", "Rendition"].map((n) => PDFName.of(n)),
);

/** Keys that hold scripts or triggers wherever they appear: /JS code, the /JavaScript name tree, /AA triggers, XFA forms. */
const activeKeys = ["JS", "JavaScript", "AA", "XFA"].map((n) => PDFName.of(n));

const actionType = PDFName.of("S");

/** The first active feature found in any object of the file (annotations, fields, actions chained by /Next), or null. */
export function activeContentIn(pdf: PDFDocument): string | null {
  const pending: PDFObject[] = pdf.context.enumerateIndirectObjects().map(([, object]) => object);
  let visited = 0;
  while (pending.length > 0) {
    const object = pending.pop()!;
    // Direct objects nest, but not without end in a file within the upload limit.
    if (++visited > 5_000_000) return "structure";
    const dict = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : null;
    if (dict) {
      for (const key of activeKeys) if (dict.has(key)) return key.decodeText();
      const type = dict.get(actionType);
      if (type instanceof PDFName && activeActions.has(type)) return type.decodeText();
      for (const [, value] of dict.entries()) if (!(value instanceof PDFRef)) pending.push(value);
    } else if (object instanceof PDFArray) {
      for (const value of object.asArray()) if (!(value instanceof PDFRef)) pending.push(value);
    }
  }
  return null;
}

const objectHeader = /(\d+)\s+(\d+)\s+obj\b/y;
const whitespace = /[\0\t\n\f\r ]*/y;

function skipWhitespace(text: string, at: number): number {
  whitespace.lastIndex = at;
  whitespace.exec(text);
  return whitespace.lastIndex;
}

/** Whether `number generation obj` starts at `offset` (after whitespace). */
function objectStartsAt(text: string, offset: number, number: number, generation?: number): boolean {
  objectHeader.lastIndex = skipWhitespace(text, offset);
  const match = objectHeader.exec(text);
  return !!match && Number(match[1]) === number && (generation === undefined || Number(match[2]) === generation);
}

/** Checks one classic table and its trailer; answers the /Prev and /XRefStm offsets it names. */
function checkTable(text: string, at: number): number[] | null {
  let position = at + "xref".length;
  const subsection = /\s*(\d+)\s+(\d+)\s*?[\r\n]+/y;
  const entry = /(\d{10})[ ](\d{5})[ ]([nf])(?: \r| \n|\r\n|\s{1,2})/y;
  for (;;) {
    position = skipWhitespace(text, position);
    if (text.startsWith("trailer", position)) break;
    subsection.lastIndex = position;
    const head = subsection.exec(text);
    if (!head) return null;
    position = subsection.lastIndex;
    const first = Number(head[1]);
    const count = Number(head[2]);
    for (let i = 0; i < count; i++) {
      entry.lastIndex = position;
      const row = entry.exec(text);
      if (!row) return null;
      position = entry.lastIndex;
      const offset = Number(row[1]);
      if (row[3] === "n" && offset > 0 && !objectStartsAt(text, offset, first + i, Number(row[2]))) return null;
    }
  }
  const trailerEnd = text.indexOf("startxref", position);
  const trailer = text.slice(position, trailerEnd === -1 ? position + 65_536 : trailerEnd);
  return [/\/Prev\s+(\d+)/.exec(trailer), /\/XRefStm\s+(\d+)/.exec(trailer)].filter((m) => m !== null).map((m) => Number(m[1]));
}

type XRefEntry = { ref: PDFRef; offset: number; deleted: boolean; inObjectStream: boolean };

/** Checks a cross-reference stream at `at` and the offsets it lists; answers its /Prev offset. */
function checkStream(pdf: PDFDocument, text: string, at: number): number[] | null {
  objectHeader.lastIndex = skipWhitespace(text, at);
  const header = objectHeader.exec(text);
  if (!header) return null;
  const stream = pdf.context.lookup(PDFRef.of(Number(header[1]), Number(header[2])));
  if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of("Type")) !== PDFName.of("XRef")) return null;
  let entries: XRefEntry[];
  try {
    // parseEntries is private in the typings; parseIntoContext would also rewrite the document's trailer.
    entries = (PDFXRefStreamParser.forStream(stream) as unknown as { parseEntries(): XRefEntry[] }).parseEntries();
  } catch {
    return null;
  }
  for (const { ref, offset, deleted, inObjectStream } of entries) {
    if (!deleted && !inObjectStream && offset > 0 && !objectStartsAt(text, offset, ref.objectNumber)) return null;
  }
  const prev = stream.dict.get(PDFName.of("Prev"));
  return prev === undefined ? [] : [Number(prev.toString())];
}

/**
 * Whether the file's cross-reference data, from the last startxref back through every /Prev
 * section, lists each object where the object really is.
 */
export function crossReferenceIntact(bytes: Uint8Array, pdf: PDFDocument): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  const last = text.lastIndexOf("startxref");
  if (last === -1) return false;
  const start = /startxref\s+(\d+)\s+%%EOF/y;
  start.lastIndex = last;
  const found = start.exec(text);
  if (!found) return false;
  const pending = [Number(found[1])];
  const seen = new Set<number>();
  while (pending.length > 0) {
    const offset = pending.pop()!;
    if (seen.has(offset) || seen.size > 10_000 || !(offset > 0 && offset < text.length)) return false;
    seen.add(offset);
    const at = skipWhitespace(text, offset);
    const next = text.startsWith("xref", at) ? checkTable(text, at) : checkStream(pdf, text, at);
    if (next === null) return false;
    pending.push(...next);
  }
  return true;
}
