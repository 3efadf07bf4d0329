import { describe, expect, it } from "vitest";
import type { Attachment } from "@/lib/documents/batch/attachments";
import {
  batchColumnOf,
  batchColumns,
  parseExpiration,
  parseLanguage,
  parseYesNo,
  templateHeaders,
  type BatchColumn,
} from "@/lib/documents/batch/columns";
import { blockingErrors, planBatch, type BatchLookups } from "@/lib/documents/batch/plan";
import { headerKey, type SheetRow } from "@/lib/spreadsheet/sheet-file";

const now = new Date("2026-03-01T10:00:00Z");
const lookups: BatchLookups = {
  flows: [
    { id: 1, name: "Firma simple", active: true, kind: "SIGNATURE", isDefault: true },
    { id: 2, name: "Firma notarial", active: true, kind: "SIGNATURE", isDefault: false },
    { id: 3, name: "Firma notarial", active: true, kind: "SIGNATURE", isDefault: false },
    { id: 4, name: "Antiguo", active: false, kind: "SIGNATURE", isDefault: false },
    { id: 5, name: "Alta de clientes", active: true, kind: "VALIDATION", isDefault: false },
  ],
  documentTypes: [{ id: 9, name: "Contrato", isDefault: true }],
};
const pdf: Attachment = { name: "a.pdf", ok: true, bytes: new Uint8Array([1]), pages: 2 };
const attachments = new Map<string, Attachment>([["a.pdf", pdf]]);

let rowNumber = 1;
function row(values: Partial<Record<BatchColumn, string>>): SheetRow<BatchColumn> {
  rowNumber += 1;
  return {
    row: rowNumber,
    values: {
      shipment: "S",
      file: "a.pdf",
      title: "T",
      description: "D",
      expirationDate: "2026-04-01",
      firstName: "Ana",
      lastName: "Gil",
      ...values,
    },
  };
}
const plan = (rows: SheetRow<BatchColumn>[], flows = lookups) => planBatch(rows, attachments, flows, { now, timeZone: "Europe/Madrid" });
const codes = (rows: SheetRow<BatchColumn>[], flows = lookups) =>
  plan(rows, flows).errors.map((e) => [e.column, e.errorCode, e.onlyWhenSending ?? false]);

describe("batch import columns", () => {
  it("reads back every header the template writes, in both languages, as its own column", () => {
    for (const locale of ["es-es", "en-us"] as const) {
      for (const column of batchColumns)
        expect(batchColumnOf(headerKey(templateHeaders[locale][column])), `${locale} ${column}`).toBe(column);
    }
    expect(batchColumnOf(headerKey("Correo electrónico"))).toBe("email");
    expect(batchColumnOf(headerKey("Fecha de expiración"))).toBe("expirationDate");
  });

  it("ends a YYYY-MM-DD expiration at midnight of the organisation's zone, also on the day clocks change", () => {
    expect(parseExpiration("2026-03-29", "Europe/Madrid")?.toISOString()).toBe("2026-03-29T21:59:59.999Z");
    expect(parseExpiration("2026-01-15", "Europe/Madrid")?.toISOString()).toBe("2026-01-15T22:59:59.999Z");
    expect(parseExpiration("2026-01-15", "UTC")?.toISOString()).toBe("2026-01-15T23:59:59.999Z");
    expect(parseExpiration("2026-01-15T08:30:00Z", "Europe/Madrid")?.toISOString()).toBe("2026-01-15T08:30:00.000Z");
    for (const bad of ["2026-02-30", "15/01/2026", "mañana", "2026-1-5"]) expect(parseExpiration(bad, "UTC"), bad).toBeNull();
  });

  it("reads yes and no in both languages, and the two languages by several names", () => {
    expect(["Sí", "si", "YES", "true", "1", "x"].map((v) => parseYesNo(v, false))).toEqual([true, true, true, true, true, true]);
    expect(["No", "n", "false", "0", "FALSO"].map((v) => parseYesNo(v, true))).toEqual([false, false, false, false, false]);
    expect([parseYesNo(undefined, true), parseYesNo(" ", false), parseYesNo("quizá", true)]).toEqual([true, false, null]);
    expect(["es-es", "ES", "Español", "en_us", "English", "", undefined].map(parseLanguage)).toEqual([
      "es-es",
      "es-es",
      "es-es",
      "en-us",
      "en-us",
      "es-es",
      "es-es",
    ]);
    expect(["fr", "constructor", "toString"].map(parseLanguage)).toEqual([null, null, null]);
  });
});

describe("planning a batch", () => {
  it("groups rows by shipment key wherever they are, taking shipment data from any of its rows", () => {
    const result = plan([
      row({ shipment: "A", email: "a@x.test" }),
      row({ shipment: "B", email: "b@x.test" }),
      row({ shipment: "A", title: "", description: "", file: "", expirationDate: "", email: "c@x.test", order: "2" }),
    ]);
    expect(result.errors).toEqual([]);
    expect(result.shipments.map((s) => [s.key, s.rows, s.signers.map((x) => x.position), s.orders])).toEqual([
      [
        "A",
        [2, 4],
        [1, 2],
        [
          { position: 1, minSigners: 1 },
          { position: 2, minSigners: 1 },
        ],
      ],
      ["B", [3], [1], [{ position: 1, minSigners: 1 }]],
    ]);
    expect(result.shipments[0]).toMatchObject({
      flow: { id: 1, fromDefault: true },
      documentType: { id: 9 },
      file: { name: "a.pdf", pages: 2 },
    });
  });

  it("tells a flow of another kind or inactive from one that is not there, and refuses a title two active flows share", () => {
    expect(codes([row({ flow: "antiguo", email: "a@x.test" })])).toEqual([["flow", "SHIPMENT_FLOW_INVALID", false]]);
    expect(codes([row({ flow: "Alta de clientes", email: "a@x.test" })])).toEqual([["flow", "SHIPMENT_FLOW_INVALID", false]]);
    expect(codes([row({ flow: "Firma notarial", email: "a@x.test" })])).toEqual([["flow", "BATCH_FLOW_AMBIGUOUS", false]]);
    expect(codes([row({ flow: "Otro", email: "a@x.test" })])).toEqual([["flow", "BATCH_FLOW_NOT_FOUND", false]]);
  });

  it("lets drafts go without title, description, expiration or a default flow, but not sending", () => {
    const noDefault = { ...lookups, flows: lookups.flows.filter((f) => !f.isDefault) };
    const result = plan([row({ title: "", description: "", expirationDate: "", email: "a@x.test" })], noDefault);
    expect(result.errors.map((e) => [e.column, e.errorCode, e.onlyWhenSending])).toEqual([
      ["title", "SHIPMENT_DATA_REQUIRED", true],
      ["description", "SHIPMENT_DATA_REQUIRED", true],
      ["expirationDate", "SHIPMENT_DATA_REQUIRED", true],
      ["flow", "SHIPMENT_FLOW_INVALID", true],
    ]);
    expect(blockingErrors(result.errors, false)).toEqual([]);
    expect(blockingErrors(result.errors, true)).toHaveLength(4);
    expect(result.shipments[0]).toMatchObject({ title: "", description: null, expirationDate: null, flow: null });
  });

  it("refuses two minimums for one order, a repeated phone, and signers beyond the hundredth", () => {
    expect(codes([row({ email: "a@x.test", minSigners: "1" }), row({ email: "b@x.test", minSigners: "2" })])).toEqual([
      ["minSigners", "BATCH_VALUE_CONFLICT", false],
    ]);
    expect(codes([row({ phone: "+34 600 000 001" }), row({ phone: "+34600000001" })])).toEqual([
      ["phone", "SHIPMENT_SIGNER_DUPLICATE", false],
    ]);
    const many = Array.from({ length: 101 }, (_, i) => row({ email: `s${i}@x.test` }));
    expect(plan(many).errors).toEqual([
      { row: many[100]!.row, column: "shipment", errorCode: "BATCH_TOO_MANY_SIGNERS", meta: { max: 100 } },
    ]);
  });

  it("names a PDF that was not attached or failed its checks, and lists the PDFs no row names", () => {
    const broken: Attachment = { name: "roto.pdf", ok: false, errorCode: "SHIPMENT_FILE_UNREADABLE" };
    const result = planBatch(
      [row({ file: "ROTO.pdf", email: "a@x.test" }), row({ shipment: "T", file: "otro.pdf", email: "b@x.test" })],
      new Map<string, Attachment>([
        ["roto.pdf", broken],
        ["a.pdf", pdf],
      ]),
      lookups,
      { now, timeZone: "UTC" },
    );
    expect(result.errors.map((e) => [e.errorCode, e.meta])).toEqual([
      ["SHIPMENT_FILE_UNREADABLE", undefined],
      ["BATCH_PDF_NOT_ATTACHED", { name: "otro.pdf" }],
    ]);
    expect(result.unusedFiles).toEqual(["a.pdf"]);
  });
});
