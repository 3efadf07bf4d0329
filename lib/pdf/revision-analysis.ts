/**
 * Difference analysis of a signed PDF's incremental revisions: for every signature and document timestamp, what
 * the revisions written after it change, judged the way strict validators (pyHanko, EU DSS) judge it.
 *
 * A PAdES signature covers the bytes of the file up to the end of one revision. Later incremental updates may
 * still change what a reader shows, so validators compare the signed revision with each later one and accept only
 * the changes that signing, form filling and long-term validation (LTV) data make. Anything else makes the
 * signature INVALID even though its bytes are intact (pdfsig, which only checks the bytes, still says "valid").
 *
 * The rules follow pyHanko 0.36's DEFAULT_DIFF_POLICY (pkgs/pyhanko/src/pyhanko/sign/diff_analysis; summary in
 * tools/pyhanko/FINDINGS.md §3), rewritten here rather than ported:
 *
 * - every object a later revision writes (its own xref section) must be explained by a rule, else OTHER;
 * - the catalog may change only /AcroForm, /DSS, /Extensions, /Metadata, /MarkInfo, /Version;
 * - the page tree must stay as it was; a page may change only in /Annots, only by widgets of new signature fields;
 * - new form fields must be signature fields (visible: FORM_FILLING, invisible: LTA_UPDATES); existing fields may
 *   get values and appearances (FORM_FILLING); /AcroForm may change only /Fields, /DR, /DA, /Q, /NeedAppearances;
 * - /DSS, the Info dictionary, XMP metadata, xref and object streams, new unreachable objects and objects
 *   rewritten unchanged are LTA_UPDATES; freed objects are OTHER.
 *
 * Like pyHanko's review_file, the signed revision is compared with each later revision in turn (not pairwise), the
 * level is the worst one found, and the first revision that makes an OTHER change ends the review.
 * Simplifications are marked "Simplified:" below; all of them are stricter than pyHanko or do not occur in files
 * written by lib/pdf (signPdf, sealPdf, addLongTermValidation).
 */
import { Buffer } from "node:buffer";
import {
  PDFArray,
  PDFBool,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFNumber,
  PDFParser,
  PDFRawStream,
  PDFRef,
  PDFString,
  PDFXRefStreamParser,
  type PDFContext,
  type PDFObject,
} from "@cantoo/pdf-lib";

/** pyHanko's ModificationLevel, without ANNOTATIONS (no rule of the default policy grants it). */
export type ModificationLevel = "NONE" | "LTA_UPDATES" | "FORM_FILLING" | "OTHER";

export type SignatureRevisionReport = {
  /** Fully qualified name of the signature field. */
  field: string;
  /** /Type /Sig (or none) is a signature, /Type /DocTimeStamp a document timestamp. */
  kind: "signature" | "timestamp";
  /** 0-based index of the revision the signature's /ByteRange covers (pyHanko's signed_revision). */
  revision: number;
  /** The worst change in any later revision; NONE when the signature covers the whole file. */
  level: ModificationLevel;
  /** Why the level is OTHER, naming the objects and keys; empty otherwise. */
  problems: string[];
};

const order: Record<ModificationLevel, number> = { NONE: 0, LTA_UPDATES: 1, FORM_FILLING: 2, OTHER: 3 };
const worst = (a: ModificationLevel, b: ModificationLevel): ModificationLevel => (order[a] >= order[b] ? a : b);

// pyHanko's constants.py.
const catalogMayChange = new Set(["/AcroForm", "/DSS", "/Extensions", "/Metadata", "/MarkInfo", "/Version"]);
// Not /SigFlags: pyHanko compares it strictly too, so a revision that changes SigFlags of an existing form is OTHER.
const acroFormMayChange = new Set(["/Fields", "/DR", "/DA", "/Q", "/NeedAppearances"]);
const fieldAlwaysModifiable = new Set(["/Ff", "/Type"]);
const fieldValueKeys = new Set([...fieldAlwaysModifiable, "/AP", "/AS", "/V", "/F", "/DA", "/Q"]);
const vriKey = /^\/[A-Z0-9]{40}$/;

// ---------------------------------------------------------------------------------------------------------------
// Revisions
// ---------------------------------------------------------------------------------------------------------------

type Boundary = {
  /** Offset just after "%%EOF". */
  eof: number;
  /** Offset after the end-of-line that may follow "%%EOF": the revision's last byte + 1. */
  end: number;
  /** The startxref offset: where this revision's xref table or xref stream starts. */
  startxref: number;
};

/**
 * Where the revisions end: every "startxref <offset> %%EOF" whose offset points at an xref table ("xref") or an
 * indirect object (an xref stream) before it. Matches inside stream data (an embedded PDF, say) point nowhere
 * sensible and are dropped. A linearized file's first-page trailer is not a revision of its own (ISO 32000 F.3.4).
 */
function findBoundaries(pdf: Uint8Array): Boundary[] {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString("latin1");
  const found: Boundary[] = [];
  for (const match of text.matchAll(/startxref\s+(\d+)\s+%%EOF/g)) {
    const startxref = Number(match[1]);
    const eof = match.index + match[0].length;
    const eol = /^(\r\n|\r|\n)/.exec(text.slice(eof, eof + 2));
    if (startxref >= match.index) continue;
    if (!/^(xref|\d+\s+\d+\s+obj)/.test(text.slice(startxref, startxref + 32))) continue;
    found.push({ eof, end: eof + (eol?.[0].length ?? 0), startxref });
  }
  const firstObject = /\d+\s+\d+\s+obj\s*<<([\s\S]{0,200}?)>>/.exec(text.slice(0, 1024));
  if (firstObject?.[1]?.includes("/Linearized") && found.length > 1) found.shift();
  return found;
}

type State = {
  revision: number;
  context: PDFContext;
  /** Object number → its value at this revision (the latest definition up to here). */
  objects: Map<number, PDFObject>;
  root: PDFRef | undefined;
  info: PDFObject | undefined;
  /** Object numbers reachable from the trailer, computed on demand. */
  reachable?: Set<number>;
  /** Object number → where it is reachable from the trailer (e.g. "/Root/Pages/Kids[1]"), for messages. */
  paths?: Map<number, string>;
};

/** The object graph as it was at the end of a revision: pdf-lib parses the prefix, later definitions winning. */
async function loadState(pdf: Uint8Array, boundary: Boundary, revision: number): Promise<State> {
  const doc = await PDFDocument.load(pdf.subarray(0, boundary.end), { ignoreEncryption: true, updateMetadata: false });
  const { context } = doc;
  const objects = new Map<number, PDFObject>();
  for (const [ref, object] of context.enumerateIndirectObjects()) objects.set(ref.objectNumber, object);
  const root = context.trailerInfo.Root instanceof PDFRef ? context.trailerInfo.Root : undefined;
  return { revision, context, objects, root, info: context.trailerInfo.Info };
}

type Section = {
  /** Object numbers this revision defines (objects in its body, including those inside its object streams). */
  written: Set<number>;
  /** Object numbers its xref section marks free. */
  freed: Set<number>;
};

/** What one incremental update writes: its own bytes parsed on their own, plus the free entries of its xref section. */
async function readSection(pdf: Uint8Array, start: number, boundary: Boundary): Promise<Section> {
  const slice = pdf.subarray(start, boundary.end);
  // The parser wants a header; offsets do not matter to it (it reads objects in file order).
  const bytes = new Uint8Array(Buffer.concat([Buffer.from("%PDF-1.7\n", "latin1"), slice]));
  const context = await PDFParser.forBytesWithOptions(bytes, Infinity, false, false).parseDocument();
  const written = new Set<number>();
  const freed = new Set<number>();
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    written.add(ref.objectNumber);
    if (object instanceof PDFRawStream && object.dict.get(PDFName.of("Type")) === PDFName.of("XRef")) {
      for (const entry of PDFXRefStreamParser.forStream(object).parseIntoContext()) {
        if (entry.deleted) freed.add(entry.ref.objectNumber);
      }
    }
  }
  // A classic xref table: "xref", then subsections "first count" of 20-byte entries "offset gen n|f".
  const text = Buffer.from(pdf.buffer, pdf.byteOffset + boundary.startxref, boundary.end - boundary.startxref).toString("latin1");
  if (text.startsWith("xref")) {
    const table = text.slice(4, text.indexOf("trailer") === -1 ? undefined : text.indexOf("trailer"));
    let next = 0;
    for (const token of table.matchAll(/(\d+)\s+(\d+)(?:\s+([nf]))?/g)) {
      if (token[3] === undefined) {
        next = Number(token[1]);
        continue;
      }
      if (token[3] === "f") freed.add(next);
      next += 1;
    }
  }
  freed.delete(0);
  return { written, freed };
}

// ---------------------------------------------------------------------------------------------------------------
// Objects
// ---------------------------------------------------------------------------------------------------------------

function resolve(state: State, value: PDFObject | undefined): PDFObject | undefined {
  return value instanceof PDFRef ? state.objects.get(value.objectNumber) : value;
}

function dictOf(state: State, value: PDFObject | undefined): PDFDict | undefined {
  const object = resolve(state, value);
  if (object instanceof PDFRawStream) return undefined;
  return object instanceof PDFDict ? object : undefined;
}

function arrayOf(state: State, value: PDFObject | undefined): PDFArray | undefined {
  const object = resolve(state, value);
  return object instanceof PDFArray ? object : undefined;
}

const refNumber = (value: PDFObject | undefined): number | undefined => (value instanceof PDFRef ? value.objectNumber : undefined);
const name = (value: PDFObject | undefined): string | undefined => (value instanceof PDFName ? value.toString() : undefined);

function keysOf(dict: PDFDict): string[] {
  return dict.keys().map((key) => key.toString());
}

function rawGet(dict: PDFDict | undefined, key: string): PDFObject | undefined {
  return dict?.get(PDFName.of(key.slice(1)));
}

function stringBytes(value: PDFObject): Uint8Array | undefined {
  return value instanceof PDFString || value instanceof PDFHexString ? value.asBytes() : undefined;
}

/**
 * Whether two values are the same without resolving references (pyHanko's _is_id and dict comparison): a
 * reference equals only the same reference, strings compare by bytes, streams by dictionary and encoded bytes.
 */
function same(a: PDFObject | undefined, b: PDFObject | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  if (a instanceof PDFRef || b instanceof PDFRef)
    return a instanceof PDFRef && b instanceof PDFRef && a.objectNumber === b.objectNumber && a.generationNumber === b.generationNumber;
  if (a instanceof PDFNumber) return b instanceof PDFNumber && a.asNumber() === b.asNumber();
  if (a instanceof PDFName || a instanceof PDFBool || a === PDFNull)
    return a.constructor === b.constructor && a.toString() === b.toString();
  const aBytes = stringBytes(a);
  if (aBytes) {
    const bBytes = stringBytes(b);
    return bBytes !== undefined && Buffer.compare(Buffer.from(aBytes), Buffer.from(bBytes)) === 0;
  }
  if (a instanceof PDFArray) {
    return b instanceof PDFArray && a.size() === b.size() && a.asArray().every((item, index) => same(item, b.get(index)));
  }
  if (a instanceof PDFRawStream) {
    return b instanceof PDFRawStream && same(a.dict, b.dict) && Buffer.compare(Buffer.from(a.contents), Buffer.from(b.contents)) === 0;
  }
  if (a instanceof PDFDict) {
    if (!(b instanceof PDFDict) || b instanceof PDFRawStream) return false;
    const keys = keysOf(a);
    const otherKeys = keysOf(b);
    return keys.length === otherKeys.length && keys.every((key) => same(rawGet(a, key), rawGet(b, key)));
  }
  return a.toString() === b.toString();
}

/** Every reference inside a value, without following them (direct arrays and dictionaries, a stream's dictionary). */
function directRefs(value: PDFObject | undefined, out: PDFRef[] = []): PDFRef[] {
  if (value instanceof PDFRef) out.push(value);
  else if (value instanceof PDFArray) for (const item of value.asArray()) directRefs(item, out);
  else if (value instanceof PDFRawStream) directRefs(value.dict, out);
  else if (value instanceof PDFDict) for (const [, item] of value.entries()) directRefs(item, out);
  return out;
}

function short(value: PDFObject | undefined): string {
  if (value === undefined) return "(absent)";
  if (value instanceof PDFRef) return `${value.objectNumber} ${value.generationNumber} R`;
  if (value instanceof PDFRawStream) return "(stream)";
  const text = value.toString().replace(/\s+/g, " ");
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The keys whose values differ between two dictionaries, outside `ignored`. */
function changedKeys(old: PDFDict, next: PDFDict, ignored: Set<string> = new Set()): string[] {
  const keys = new Set([...keysOf(old), ...keysOf(next)]);
  return [...keys].filter((key) => !ignored.has(key) && !same(rawGet(old, key), rawGet(next, key))).sort();
}

function describeChanges(old: PDFDict, next: PDFDict, keys: string[]): string {
  return keys
    .map((key) => {
      const before = rawGet(old, key);
      const after = rawGet(next, key);
      if (before === undefined) return `${key} added`;
      if (after === undefined) return `${key} removed`;
      return `${key} ${short(before)} → ${short(after)}`;
    })
    .join(", ");
}

/** Breadth-first walk from the trailer: which objects a reader can reach, and the first path to each. */
function reach(state: State): { reachable: Set<number>; paths: Map<number, string> } {
  if (state.reachable && state.paths) return { reachable: state.reachable, paths: state.paths };
  const paths = new Map<number, string>();
  const queue: [PDFObject, string][] = [];
  const visit = (value: PDFObject | undefined, path: string) => {
    if (!(value instanceof PDFRef)) return children(value, path);
    const object = state.objects.get(value.objectNumber);
    if (object === undefined || paths.has(value.objectNumber)) return;
    paths.set(value.objectNumber, path);
    queue.push([object, path]);
  };
  const children = (value: PDFObject | undefined, path: string) => {
    if (value instanceof PDFArray) value.asArray().forEach((item, index) => visit(item, `${path}[${index}]`));
    else if (value instanceof PDFRawStream) children(value.dict, path);
    else if (value instanceof PDFDict) for (const [key, item] of value.entries()) visit(item, `${path}${key.toString()}`);
  };
  visit(state.root, "/Root");
  visit(state.info, "/Info");
  for (let item = queue.shift(); item; item = queue.shift()) children(item[0], item[1]);
  state.reachable = new Set(paths.keys());
  state.paths = paths;
  return { reachable: state.reachable, paths };
}

function describeObject(state: State, objectNumber: number): string {
  const object = state.objects.get(objectNumber);
  const dict = object instanceof PDFRawStream ? object.dict : object instanceof PDFDict ? object : undefined;
  const type = [name(dict?.get(PDFName.of("Type"))), name(dict?.get(PDFName.of("Subtype")))].filter(Boolean).join(" ");
  const what = object instanceof PDFRawStream ? `stream${type ? ` ${type}` : ""}` : type || (object?.constructor.name ?? "object");
  const where = reach(state).paths.get(objectNumber);
  return `${objectNumber} 0 R (${what}${where ? ` at ${where}` : ", unreachable"})`;
}

// ---------------------------------------------------------------------------------------------------------------
// Form fields
// ---------------------------------------------------------------------------------------------------------------

type Field = {
  name: string;
  ref: PDFRef | undefined;
  dict: PDFDict;
  /** /FT, inherited from parents. */
  type: string | undefined;
  /** The widget annotations: the field itself when it has no /Kids, else its kids without /T. */
  widgets: PDFRef[];
};

/**
 * The terminal fields of a form, by fully qualified name. Simplified: non-terminal fields are not compared as
 * such; a revision that rewrites one differently is caught as an unexplained object.
 */
function listFields(state: State, acroForm: PDFDict | undefined): Map<string, Field> {
  const fields = new Map<string, Field>();
  const seen = new Set<number>();
  const walk = (value: PDFObject | undefined, parentName: string, inheritedType: string | undefined) => {
    const number = refNumber(value);
    if (number !== undefined) {
      if (seen.has(number)) return;
      seen.add(number);
    }
    const dict = dictOf(state, value);
    if (!dict) return;
    const partial = dict.get(PDFName.of("T"));
    const partialName = partial instanceof PDFString || partial instanceof PDFHexString ? partial.decodeText() : "";
    const fullName = parentName && partialName ? `${parentName}.${partialName}` : parentName || partialName;
    const type = name(dict.get(PDFName.of("FT"))) ?? inheritedType;
    const kids = arrayOf(state, dict.get(PDFName.of("Kids")))?.asArray() ?? [];
    const childFields = kids.filter((kid) => dictOf(state, kid)?.has(PDFName.of("T")));
    if (childFields.length > 0) {
      for (const kid of childFields) walk(kid, fullName, type);
      return;
    }
    const ref = value instanceof PDFRef ? value : undefined;
    const widgets = kids.length > 0 ? kids.filter((kid): kid is PDFRef => kid instanceof PDFRef) : ref ? [ref] : [];
    fields.set(fullName, { name: fullName, ref, dict, type, widgets });
  };
  for (const field of arrayOf(state, acroForm?.get(PDFName.of("Fields")))?.asArray() ?? []) walk(field, "", undefined);
  return fields;
}

/** pyHanko's is_field_visible: a widget with a non-zero area. */
function isVisible(state: State, field: Field): boolean {
  const widgets = [field.dict, ...field.widgets.map((ref) => dictOf(state, ref))];
  return widgets.some((widget) => {
    const rect = arrayOf(state, widget?.get(PDFName.of("Rect")))
      ?.asArray()
      .map((item) => (resolve(state, item) instanceof PDFNumber ? (resolve(state, item) as PDFNumber).asNumber() : NaN));
    if (!rect || rect.length !== 4 || rect.some(Number.isNaN)) return false;
    return Math.abs(rect[2]! - rect[0]!) * Math.abs(rect[3]! - rect[1]!) > 0;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// One comparison: the signed revision (old) against one later revision (next)
// ---------------------------------------------------------------------------------------------------------------

type Comparison = { level: ModificationLevel; problems: string[] };

class Review {
  /** Object number → the lowest level at which a rule explains that it was written (pyHanko's `explained`). */
  private readonly explained = new Map<number, ModificationLevel>();
  readonly problems: string[] = [];

  constructor(
    private readonly old: State,
    private readonly next: State,
    private readonly previous: State,
    private readonly section: Section,
  ) {}

  private approve(value: PDFObject | number | undefined, level: ModificationLevel): void {
    const number = typeof value === "number" ? value : refNumber(value);
    if (number === undefined) return;
    const current = this.explained.get(number);
    this.explained.set(number, current === undefined || order[level] < order[current] ? level : current);
  }

  private existedAtSigning(value: PDFObject | number | undefined): boolean {
    const number = typeof value === "number" ? value : refNumber(value);
    return number !== undefined && this.old.objects.has(number);
  }

  /**
   * pyHanko's safe_whitelist: an indirect entry (/Info, /AcroForm, /DSS…) may be rewritten in place or point to a
   * new object, but not be re-pointed at another object that existed when the document was signed.
   */
  private whitelist(key: string, oldValue: PDFObject | undefined, newValue: PDFObject | undefined, level: ModificationLevel): void {
    if (!(newValue instanceof PDFRef)) return;
    if (same(oldValue, newValue) || !this.existedAtSigning(newValue)) this.approve(newValue, level);
    else this.problems.push(`${key} now points to ${short(newValue)}, an object that existed at signing (was ${short(oldValue)})`);
  }

  /**
   * New objects reachable from `value` (an appearance dictionary, a signature value, the DSS…), approved at `level`.
   * The walk stops at objects that existed at signing. Simplified (stricter than pyHanko): an object that existed
   * at signing is never approved as a dependency, even when rewritten, so an appearance stream changed in place is
   * OTHER here.
   */
  private approveNew(value: PDFObject | undefined, level: ModificationLevel): void {
    const queue = directRefs(value);
    const seen = new Set<number>();
    for (let ref = queue.pop(); ref; ref = queue.pop()) {
      if (seen.has(ref.objectNumber) || this.existedAtSigning(ref)) continue;
      seen.add(ref.objectNumber);
      this.approve(ref, level);
      directRefs(this.next.objects.get(ref.objectNumber), queue);
    }
  }

  run(): Comparison {
    const { old, next, section } = this;
    for (const number of section.freed) {
      if (this.previous.objects.has(number)) this.problems.push(`object ${number} 0 R was freed (deleted) in revision ${next.revision}`);
    }
    const oldRoot = dictOf(old, old.root);
    const newRoot = dictOf(next, next.root);
    if (!oldRoot || !newRoot) {
      this.problems.push("the document catalog (/Root) cannot be read");
      return { level: "OTHER", problems: this.problems };
    }
    this.catalog(oldRoot, newRoot);
    this.whitelist("/Info", old.info, next.info, "LTA_UPDATES");
    this.approveNew(next.info, "LTA_UPDATES");
    // Simplified: pyHanko also checks that new XMP metadata is well-formed XML.
    this.whitelist("/Root/Metadata", rawGet(oldRoot, "/Metadata"), rawGet(newRoot, "/Metadata"), "LTA_UPDATES");
    this.dss(oldRoot, newRoot);
    const newSignatureWidgets = this.form(oldRoot, newRoot);
    this.pages(rawGet(oldRoot, "/Pages"), rawGet(newRoot, "/Pages"), newSignatureWidgets);
    return this.verdict();
  }

  /** CatalogModificationRule: keys outside catalogMayChange stay as they were (references compared as references). */
  private catalog(oldRoot: PDFDict, newRoot: PDFDict): void {
    for (const key of changedKeys(oldRoot, newRoot, catalogMayChange)) {
      const before = rawGet(oldRoot, key);
      const after = rawGet(newRoot, key);
      const change = before === undefined ? "added" : after === undefined ? "removed" : `changed from ${short(before)} to ${short(after)}`;
      this.problems.push(`document catalog: key ${key} ${change} (only ${[...catalogMayChange].join(", ")} may change after signing)`);
    }
    this.approve(this.next.root, "LTA_UPDATES");
    for (const key of ["/Extensions", "/MarkInfo"])
      this.whitelist(`/Root${key}`, rawGet(oldRoot, key), rawGet(newRoot, key), "LTA_UPDATES");
  }

  /** DSSCompareRule: the DSS holds certificates, OCSP answers, CRLs and VRI entries; old VRI entries stay. */
  private dss(oldRoot: PDFDict, newRoot: PDFDict): void {
    const { old, next } = this;
    const oldValue = rawGet(oldRoot, "/DSS");
    const newValue = rawGet(newRoot, "/DSS");
    if (newValue === undefined) return;
    this.whitelist("/Root/DSS", oldValue, newValue, "LTA_UPDATES");
    const newDss = dictOf(next, newValue);
    const oldDss = dictOf(old, oldValue);
    if (!newDss) {
      this.problems.push("/DSS is not a dictionary");
      return;
    }
    const unexpected = keysOf(newDss).filter((key) => !["/Type", "/VRI", "/Certs", "/CRLs", "/OCSPs"].includes(key));
    if (unexpected.length > 0) this.problems.push(`unexpected keys in /DSS: ${unexpected.join(", ")}`);
    for (const key of ["/Certs", "/CRLs", "/OCSPs"]) {
      this.whitelist(`/Root/DSS${key}`, rawGet(oldDss, key), rawGet(newDss, key), "LTA_UPDATES");
      for (const item of arrayOf(next, rawGet(newDss, key))?.asArray() ?? []) {
        if (!(resolve(next, item) instanceof PDFRawStream)) this.problems.push(`/DSS${key} holds ${short(item)}, not a stream`);
        else if (!this.existedAtSigning(item)) this.approve(item, "LTA_UPDATES");
      }
    }
    const newVri = dictOf(next, rawGet(newDss, "/VRI"));
    if (!newVri) return;
    this.whitelist("/Root/DSS/VRI", rawGet(oldDss, "/VRI"), rawGet(newDss, "/VRI"), "LTA_UPDATES");
    const oldVri = dictOf(old, rawGet(oldDss, "/VRI"));
    for (const key of oldVri ? keysOf(oldVri) : []) {
      if (!same(rawGet(oldVri, key), rawGet(newVri, key))) this.problems.push(`/DSS/VRI entry ${key} was modified or deleted`);
    }
    for (const key of keysOf(newVri)) {
      if (oldVri?.has(PDFName.of(key.slice(1)))) continue;
      if (!vriKey.test(key)) this.problems.push(`/DSS/VRI key ${key} is not a 40-digit hash`);
      // Simplified: pyHanko also checks the VRI entry's keys (/Cert, /CRL, /OCSP, /TU, /TS) one by one.
      this.approveNew(rawGet(newVri, key), "LTA_UPDATES");
    }
  }

  /**
   * FormUpdatingRule with SigFieldCreationRule, SigFieldModificationRule and GenericFieldModificationRule.
   * Returns the widgets of the new signature fields (which may appear in a page's /Annots).
   */
  private form(oldRoot: PDFDict, newRoot: PDFDict): Map<number, string> {
    const { old, next } = this;
    const signatureWidgets = new Map<number, string>();
    const oldValue = rawGet(oldRoot, "/AcroForm");
    const newValue = rawGet(newRoot, "/AcroForm");
    const oldForm = dictOf(old, oldValue);
    const newForm = dictOf(next, newValue);
    if (!newForm) {
      if (oldForm) this.problems.push("the form (/Root/AcroForm) was removed");
      return signatureWidgets;
    }
    this.whitelist("/Root/AcroForm", oldValue, newValue, "LTA_UPDATES");
    if (oldForm) {
      const changed = changedKeys(oldForm, newForm, acroFormMayChange);
      if (changed.length > 0)
        this.problems.push(
          `/AcroForm: ${describeChanges(oldForm, newForm, changed)} (only ${[...acroFormMayChange].join(", ")} may change)`,
        );
    }
    this.whitelist("/Root/AcroForm/Fields", rawGet(oldForm, "/Fields"), rawGet(newForm, "/Fields"), "LTA_UPDATES");

    const oldFields = listFields(old, oldForm);
    const newFields = listFields(next, newForm);
    const deleted = [...oldFields.keys()].filter((field) => !newFields.has(field));
    if (deleted.length > 0) this.problems.push(`form fields deleted after signing: ${deleted.join(", ")}`);

    for (const field of newFields.values()) {
      const before = oldFields.get(field.name);
      if (!before) {
        if (field.type !== "/Sig") {
          this.problems.push(
            `More form fields added than expected: new field "${field.name}" (/FT ${field.type ?? "none"}) is not a signature field`,
          );
          continue;
        }
        this.newSignatureField(field, signatureWidgets);
      } else if (field.type === "/Sig") {
        this.existingSignatureField(before, field);
      } else {
        this.existingField(before, field);
      }
    }
    return signatureWidgets;
  }

  /** SigFieldCreationRule + SigFieldModificationRule on a new field: visible → FORM_FILLING, invisible → LTA_UPDATES. */
  private newSignatureField(field: Field, signatureWidgets: Map<number, string>): void {
    const level: ModificationLevel = isVisible(this.next, field) ? "FORM_FILLING" : "LTA_UPDATES";
    if (this.existedAtSigning(field.ref)) {
      this.problems.push(`new signature field "${field.name}" reuses ${short(field.ref)}, an object that existed at signing`);
      return;
    }
    this.approve(field.ref, level);
    // Its appearance (images, fonts, form XObjects) counts as form filling even for an invisible field, as in
    // pyHanko: an invisible signature with an (empty) appearance stream is FORM_FILLING for earlier signatures.
    for (const key of ["/AP", "/Lock", "/SV"]) this.approveNew(rawGet(field.dict, key), "FORM_FILLING");
    const kids = rawGet(field.dict, "/Kids");
    if (kids instanceof PDFRef && !this.existedAtSigning(kids)) this.approve(kids, level);
    for (const widget of field.widgets) {
      signatureWidgets.set(widget.objectNumber, field.name);
      if (widget.objectNumber === field.ref?.objectNumber) continue;
      if (!this.existedAtSigning(widget)) this.approve(widget, level);
      this.approveNew(rawGet(dictOf(this.next, widget), "/AP"), "FORM_FILLING");
    }
    this.signatureValue(field);
  }

  /** The signature dictionary of a newly signed field: a new object; a document timestamp without a widget is LTA. */
  private signatureValue(field: Field): void {
    const value = rawGet(field.dict, "/V");
    if (value === undefined) return;
    if (!(value instanceof PDFRef)) {
      this.problems.push(`the value of signature field "${field.name}" is not an indirect object`);
      return;
    }
    if (this.existedAtSigning(value)) {
      this.problems.push(`the value of signature field "${field.name}" is ${short(value)}, an object that existed at signing`);
      return;
    }
    const signature = dictOf(this.next, value);
    const timestamp = name(signature?.get(PDFName.of("Type"))) === "/DocTimeStamp";
    const level: ModificationLevel = timestamp && !isVisible(this.next, field) ? "LTA_UPDATES" : "FORM_FILLING";
    this.approve(value, level);
    // Simplified: pyHanko approves only /Reference → /TransformParams here; we approve any new object it uses.
    this.approveNew(signature, level);
  }

  /** SigFieldModificationRule on a field that existed at signing: it may be signed once, never changed after. */
  private existingSignatureField(before: Field, after: Field): void {
    if (!this.sameRef(before, after)) return;
    const changed = changedKeys(before.dict, after.dict);
    if (changed.length === 0) return;
    const previouslySigned = before.dict.has(PDFName.of("V"));
    const nowSigned = after.dict.has(PDFName.of("V"));
    if (!previouslySigned && nowSigned && changed.every((key) => fieldValueKeys.has(key))) {
      this.approve(after.ref, "LTA_UPDATES");
      this.approveNew(rawGet(after.dict, "/AP"), "FORM_FILLING");
      this.signatureValue(after);
      return;
    }
    if (changed.every((key) => fieldAlwaysModifiable.has(key))) {
      this.approve(after.ref, "LTA_UPDATES");
      return;
    }
    this.problems.push(
      `signature field "${after.name}" ${short(after.ref)} changed after signing: ${describeChanges(before.dict, after.dict, changed)}`,
    );
  }

  /** GenericFieldModificationRule: an existing field may change its value and appearance only (FORM_FILLING). */
  private existingField(before: Field, after: Field): void {
    if (!this.sameRef(before, after)) return;
    const pairs: [PDFDict | undefined, PDFDict | undefined, PDFObject | undefined][] = [[before.dict, after.dict, after.ref]];
    for (const widget of after.widgets) {
      if (widget.objectNumber !== after.ref?.objectNumber) pairs.push([dictOf(this.old, widget), dictOf(this.next, widget), widget]);
    }
    for (const [oldDict, newDict, ref] of pairs) {
      if (!oldDict || !newDict) continue;
      const changed = changedKeys(oldDict, newDict);
      if (changed.length === 0) continue;
      const disallowed = changed.filter((key) => !fieldValueKeys.has(key));
      if (disallowed.length > 0) {
        this.problems.push(
          `form field "${after.name}" ${short(ref)}: ${describeChanges(oldDict, newDict, disallowed)} (only its value and appearance may change)`,
        );
        continue;
      }
      this.approve(ref, "FORM_FILLING");
      // pyHanko wants the new appearance in new streams; their new dependencies are approved with them.
      this.approveNew(rawGet(newDict, "/AP"), "FORM_FILLING");
      this.approveNew(rawGet(newDict, "/V"), "FORM_FILLING");
    }
  }

  private sameRef(before: Field, after: Field): boolean {
    if (before.ref?.objectNumber === after.ref?.objectNumber) return true;
    this.problems.push(`form field "${after.name}" was replaced: ${short(before.ref)} at signing, ${short(after.ref)} now`);
    return false;
  }

  /**
   * The page tree (pyHanko's _walk_page_tree_annots, and the xref check for everything else): every /Pages node and
   * every page as at signing, except that a page's /Annots may gain the widgets of new signature fields (approved
   * at LTA_UPDATES, as pyHanko does; the field itself carries its level). Nothing may be removed from /Annots.
   */
  private pages(oldTree: PDFObject | undefined, newTree: PDFObject | undefined, signatureWidgets: Map<number, string>): void {
    const { old, next } = this;
    let pageNumber = 0;
    const seen = new Set<number>();
    const walk = (oldNode: PDFObject | undefined, newNode: PDFObject | undefined, path: string) => {
      const number = refNumber(newNode);
      if (number !== undefined) {
        if (seen.has(number)) return;
        seen.add(number);
      }
      const oldDict = dictOf(old, oldNode);
      const newDict = dictOf(next, newNode);
      if (!oldDict || !newDict) return;
      if (name(newDict.get(PDFName.of("Type"))) === "/Pages" || newDict.has(PDFName.of("Kids"))) {
        const changed = changedKeys(oldDict, newDict);
        if (changed.length > 0) {
          const oldCount = resolve(old, rawGet(oldDict, "/Count"));
          const newCount = resolve(next, rawGet(newDict, "/Count"));
          const counts =
            oldCount instanceof PDFNumber && newCount instanceof PDFNumber && oldCount.asNumber() !== newCount.asNumber()
              ? ` (${oldCount.asNumber()} pages at signing, ${newCount.asNumber()} now)`
              : "";
          this.problems.push(
            `page tree ${path} ${short(newNode)} changed after signing${counts}: ${describeChanges(oldDict, newDict, changed)}`,
          );
          return;
        }
        const kids = arrayOf(next, rawGet(newDict, "/Kids"))?.asArray() ?? [];
        kids.forEach((kid, index) => walk(kid, kid, `${path}/Kids[${index}]`));
        return;
      }
      pageNumber += 1;
      const label = `page ${pageNumber} ${short(newNode)}`;
      const changed = changedKeys(oldDict, newDict, new Set(["/Annots"]));
      if (changed.length > 0) {
        this.problems.push(`${label} changed after signing: ${describeChanges(oldDict, newDict, changed)} (only /Annots may change)`);
        return;
      }
      const oldAnnots = (arrayOf(old, rawGet(oldDict, "/Annots"))?.asArray() ?? []).map(refNumber);
      const newAnnots = (arrayOf(next, rawGet(newDict, "/Annots"))?.asArray() ?? []).map(refNumber);
      if (oldAnnots.length === newAnnots.length && oldAnnots.every((value, index) => value === newAnnots[index])) return;
      let allowed = true;
      for (const removed of oldAnnots.filter((value) => !newAnnots.includes(value))) {
        allowed = false;
        this.problems.push(
          `${label}: annotation ${removed === undefined ? "(direct)" : `${removed} 0 R`} was removed from /Annots after signing`,
        );
      }
      for (const added of newAnnots.filter((value) => !oldAnnots.includes(value))) {
        if (added !== undefined && signatureWidgets.has(added)) continue;
        allowed = false;
        const annotation = added === undefined ? undefined : dictOf(next, PDFRef.of(added));
        this.problems.push(
          `${label}: annotation ${added === undefined ? "(direct)" : `${added} 0 R`} (${name(annotation?.get(PDFName.of("Subtype"))) ?? "?"}) added to /Annots is not the widget of a new signature field`,
        );
      }
      if (!allowed) return;
      this.approve(newNode, "LTA_UPDATES");
      this.whitelist(`${label} /Annots`, rawGet(oldDict, "/Annots"), rawGet(newDict, "/Annots"), "LTA_UPDATES");
    };
    walk(oldTree, newTree, "/Root/Pages");
  }

  /** StandardDiffPolicy.apply: every object written in the revision must be explained, else OTHER. */
  private verdict(): Comparison {
    const { old, next, previous, section } = this;
    const { reachable } = reach(next);
    let level: ModificationLevel = "LTA_UPDATES";
    const unexplained: number[] = [];
    for (const number of [...section.written].sort((a, b) => a - b)) {
      const object = next.objects.get(number);
      // XrefStreamRule, ObjectStreamRule: the file structure itself.
      const type = object instanceof PDFRawStream ? name(object.dict.get(PDFName.of("Type"))) : undefined;
      if (type === "/XRef" || type === "/ObjStm") continue;
      const explained = this.explained.get(number);
      if (explained) {
        level = worst(level, explained);
        continue;
      }
      // New objects nothing refers to (some writers leave them behind) change nothing a reader sees.
      if (!previous.objects.has(number) && !reachable.has(number)) continue;
      // Objects rewritten exactly as they were at signing.
      if (old.objects.has(number) && same(old.objects.get(number), object)) continue;
      unexplained.push(number);
    }
    if (unexplained.length > 0) {
      const shown = unexplained
        .slice(0, 8)
        .map((number) => `${this.old.objects.has(number) ? "changed" : "added"} ${describeObject(next, number)}`);
      const more = unexplained.length > shown.length ? `, and ${unexplained.length - shown.length} more` : "";
      this.problems.push(`objects written in revision ${next.revision} that no rule allows: ${shown.join("; ")}${more}`);
    }
    return this.problems.length > 0 ? { level: "OTHER", problems: this.problems } : { level, problems: [] };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------------------------

/**
 * One report per signature field holding a signature or document timestamp, in the order of the revisions they
 * sign: which revision each covers and what the later revisions amount to (see the file comment).
 */
export async function analyseRevisions(pdf: Uint8Array): Promise<SignatureRevisionReport[]> {
  const boundaries = findBoundaries(pdf);
  if (boundaries.length === 0) throw new Error("PDF revisions: no startxref/%%EOF found");
  const states: State[] = [];
  const sections: Section[] = [];
  for (const [index, boundary] of boundaries.entries()) {
    states.push(await loadState(pdf, boundary, index));
    sections.push(await readSection(pdf, index === 0 ? 0 : boundaries[index - 1]!.end, boundary));
  }
  const last = states[states.length - 1]!;
  const form = dictOf(last, dictOf(last, last.root)?.get(PDFName.of("AcroForm")));
  const reports: SignatureRevisionReport[] = [];
  for (const field of listFields(last, form).values()) {
    if (field.type !== "/Sig") continue;
    const value = dictOf(last, field.dict.get(PDFName.of("V")));
    const byteRange = arrayOf(last, value?.get(PDFName.of("ByteRange")))
      ?.asArray()
      .map((item) => (resolve(last, item) instanceof PDFNumber ? (resolve(last, item) as PDFNumber).asNumber() : NaN));
    if (!value || !byteRange || byteRange.length !== 4) continue;
    const kind = name(value.get(PDFName.of("Type"))) === "/DocTimeStamp" ? "timestamp" : "signature";
    const coverageEnd = byteRange[2]! + byteRange[3]!;
    const revision = boundaries.findIndex((boundary) => boundary.eof <= coverageEnd && coverageEnd <= boundary.end);
    if (revision === -1) {
      reports.push({
        field: field.name,
        kind,
        revision: -1,
        level: "OTHER",
        problems: [`the /ByteRange ends at byte ${coverageEnd}, which is not the end of a revision`],
      });
      continue;
    }
    let level: ModificationLevel = "NONE";
    let problems: string[] = [];
    for (let later = revision + 1; later < states.length; later++) {
      const comparison = new Review(states[revision]!, states[later]!, states[later - 1]!, sections[later]!).run();
      level = worst(level, comparison.level);
      if (comparison.level === "OTHER") {
        problems = comparison.problems.map((problem) => `revision ${later}: ${problem}`);
        break;
      }
    }
    reports.push({ field: field.name, kind, revision, level, problems });
  }
  return reports.sort((a, b) => a.revision - b.revision);
}
