import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as searchLogs } from "@/app/api/data/operationLogs/search/route";
import { GET as exportLogs } from "@/app/api/data/operationLogs/export/route";
import { operationDetail } from "@/lib/audit/operation-log";
import type { OperationLogPage } from "@/lib/audit/operation-log-schemas";
import { db } from "@/lib/db/client";
import type { Module } from "@/lib/db/generated/enums";
import { randomHex } from "@/lib/security/random";
import { call, clientAddressHeaders, sendRequest } from "../support/http";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { signIn } from "../support/sign-in";

type ErrorBody = { errorCode: string; message: string };

const hasPdftotext = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: { id: number; email: string };
let colleagueA: { id: number; email: string };
let adminB: { id: number; email: string };
let tokenA: string;
let operatorA: string;
let noRoleA: string;
let tokenB: string;
// A word only this run's rows hold, so searches never meet rows of earlier runs or other files.
const tag = `ALFA${randomHex(3).toUpperCase()}`;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function addLog(org: TestOrganization, input: { event: string; userId: number | null; module?: Module; at: Date; action?: string }) {
  return db.operationLog.create({
    data: {
      moduleId: input.module ?? "CONTACTO",
      eventUserId: input.userId,
      operationEventId: input.event,
      eventTimestamp: input.at,
      detail: operationDetail({
        module: input.module ?? "CONTACTO",
        organizationId: org.organization.id,
        userId: input.userId,
        event: input.event,
        ip: "198.51.100.7",
        action: input.action,
      }),
      organizationId: org.organization.id,
    },
  });
}

async function search(token: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  return call<OperationLogPage & ErrorBody>(searchLogs, "/api/data/operationLogs/search", { token, query, headers });
}

async function download(token: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  const url = new URL("http://127.0.0.1:3000/api/data/operationLogs/export");
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return sendRequest(
    exportLogs,
    new NextRequest(url, { headers: { authorization: `Bearer ${token}`, ...clientAddressHeaders("203.0.113.31"), ...headers } }),
  );
}

async function sheetRows(response: Response): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
  return rows;
}

function pdfText(bytes: Uint8Array, mode: "-layout" | "-raw" = "-layout"): string {
  const dir = mkdtempSync(path.join(tmpdir(), "operations-pdf-"));
  try {
    writeFileSync(path.join(dir, "export.pdf"), bytes);
    return execFileSync("pdftotext", [mode, path.join(dir, "export.pdf"), "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  const [a, colleague, operator, none, b] = await Promise.all([
    createTestUser(orgA),
    createTestUser(orgA),
    createTestUser(orgA, { role: "operator" }),
    createTestUser(orgA, { role: "none" }),
    createTestUser(orgB),
  ]);
  // The same name in both organisations: a search by name must still stay inside the caller's.
  await db.user.update({ where: { id: a.id }, data: { firstName: "Begoña", lastName: "Iturriaga" } });
  await db.user.update({ where: { id: b.id }, data: { firstName: "Begoña", lastName: "Iturriaga" } });
  await db.user.update({ where: { id: colleague.id }, data: { firstName: "Ramón", lastName: "Zubizarreta" } });
  adminA = a;
  colleagueA = colleague;
  adminB = b;
  await db.configValue.create({ data: { organizationId: orgA.organization.id, name: "organization_tz", value: "Europe/Madrid" } });
  [tokenA, operatorA, noRoleA, tokenB] = await Promise.all([signIn(a.email), signIn(operator.email), signIn(none.email), signIn(b.email)]);

  await addLog(orgA, { event: `${tag}_CONTACT_CREATE`, userId: adminA.id, at: minutesAgo(30), action: "create contact" });
  await addLog(orgA, {
    event: `${tag}_DOCUMENT_SEND`,
    userId: colleagueA.id,
    module: "DOCUMENTO",
    at: minutesAgo(20),
    action: "send shipment",
  });
  await addLog(orgA, { event: `${tag}_CONTACT_DELETE`, userId: adminA.id, at: minutesAgo(10), action: "delete contact" });
  await addLog(orgA, { event: `${tag}_SYSTEM`, userId: null, module: "ORGANIZACION", at: minutesAgo(5) });
  await addLog(orgB, { event: `${tag}_CONTACT_CREATE`, userId: adminB.id, at: minutesAgo(15), action: "create contact in B" });
});

describe("search", () => {
  it("finds rows by event, newest first, with the acting user's name and e-mail instead of an id", async () => {
    const { status, body } = await search(tokenA, { search: tag.toLowerCase() });
    expect(status).toBe(200);
    const rows = body._embedded.operationLogs;
    expect(rows.map((r) => r.operationEventId)).toEqual([
      `${tag}_SYSTEM`,
      `${tag}_CONTACT_DELETE`,
      `${tag}_DOCUMENT_SEND`,
      `${tag}_CONTACT_CREATE`,
    ]);
    expect(rows[1]).toMatchObject({
      moduleId: "CONTACTO",
      userFullName: "Begoña Iturriaga",
      userEmail: adminA.email,
      organizationId: orgA.organization.hexId,
    });
    expect(rows[1]!.detail).toContain("action=delete contact");
    expect(rows[0]).toMatchObject({ userFullName: null, userEmail: null, eventUserId: null });
    expect(body.page).toEqual({ size: 10, totalElements: 4, totalPages: 1, number: 0 });
  });

  it("finds rows by the user's name or e-mail, every word counting, and by the detail", async () => {
    const byName = await search(tokenA, { search: `zubizarreta ${tag}` });
    expect(byName.body._embedded.operationLogs.map((r) => r.operationEventId)).toEqual([`${tag}_DOCUMENT_SEND`]);
    const byEmail = await search(tokenA, { search: `${colleagueA.email.split("@")[0]} ${tag}` });
    expect(byEmail.body._embedded.operationLogs.map((r) => r.userEmail)).toEqual([colleagueA.email]);
    const byFullName = await search(tokenA, { search: `BEGOÑA ITURRIAGA ${tag}` });
    expect(byFullName.body._embedded.operationLogs.map((r) => r.operationEventId)).toEqual([
      `${tag}_CONTACT_DELETE`,
      `${tag}_CONTACT_CREATE`,
    ]);
    const byDetail = await search(tokenA, { search: `${tag} shipment` });
    expect(byDetail.body._embedded.operationLogs.map((r) => r.operationEventId)).toEqual([`${tag}_DOCUMENT_SEND`]);
    expect((await search(tokenA, { search: `${tag} nadie-coincide` })).body.page.totalElements).toBe(0);
  });

  it("filters by module", async () => {
    const { body } = await search(tokenA, { search: tag, moduleId: "DOCUMENTO" });
    expect(body._embedded.operationLogs.map((r) => r.operationEventId)).toEqual([`${tag}_DOCUMENT_SEND`]);
    expect((await search(tokenA, { moduleId: "NO_MODULE" })).status).toBe(400);
  });

  it("filters whole days and shows times on the organisation's clocks", async () => {
    const event = `${tag}_MADRID`;
    // 2025-03-10 00:30 in Madrid is still 03-09 in UTC; 23:30 the evening before belongs to 03-09.
    await addLog(orgA, { event, userId: adminA.id, at: new Date("2025-03-09T23:30:00Z") });
    await addLog(orgA, { event, userId: adminA.id, at: new Date("2025-03-09T22:30:00Z") });
    await addLog(orgA, { event, userId: adminA.id, at: new Date("2025-03-10T22:59:59Z") });
    await addLog(orgA, { event, userId: adminA.id, at: new Date("2025-03-10T23:00:00Z") });
    const { body } = await search(tokenA, { search: event, from: "2025-03-10", to: "2025-03-10" });
    expect(body.timeZone).toBe("Europe/Madrid");
    expect(body._embedded.operationLogs.map((r) => r.eventTimestamp)).toEqual(["2025-03-10 23:59:59", "2025-03-10 00:30:00"]);
    expect((await search(tokenA, { search: event, from: "2025-03-11" })).body._embedded.operationLogs.map((r) => r.eventTimestamp)).toEqual(
      ["2025-03-11 00:00:00"],
    );
    expect((await search(tokenA, { search: event, to: "2025-03-09" })).body._embedded.operationLogs.map((r) => r.eventTimestamp)).toEqual([
      "2025-03-09 23:30:00",
    ]);
  });

  it("refuses a start after the end and days that do not exist", async () => {
    const reversed = await search(tokenA, { from: "2025-03-10", to: "2025-03-01" });
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({
      errorCode: "LOG_EXPORT_DATES",
      message: "La fecha de inicio no puede ser posterior a la fecha de fin.",
    });
    const impossible = await search(tokenA, { from: "2025-02-30" });
    expect(impossible.status).toBe(400);
    expect(impossible.body.errorCode).toBe("VALIDATION_FAILED");
  });

  it("pages with page and size, and takes its default size from default_page_size", async () => {
    const event = `${tag}_PAGE`;
    for (let i = 0; i < 7; i += 1) await addLog(orgA, { event: `${event}_${i}`, userId: null, at: minutesAgo(100 - i) });
    const first = await search(tokenA, { search: event, size: "3" });
    expect(first.body.page).toEqual({ size: 3, totalElements: 7, totalPages: 3, number: 0 });
    expect(first.body._embedded.operationLogs.map((r) => r.operationEventId)).toEqual([`${event}_6`, `${event}_5`, `${event}_4`]);
    const last = await search(tokenA, { search: event, size: "3", page: "2" });
    expect(last.body._embedded.operationLogs.map((r) => r.operationEventId)).toEqual([`${event}_0`]);
    expect((await search(tokenA, { search: event, size: "101" })).status).toBe(400);

    await db.configValue.create({ data: { organizationId: orgA.organization.id, name: "default_page_size", value: "5" } });
    const byDefault = await search(tokenA, { search: event });
    expect(byDefault.body.page.size).toBe(5);
    expect(byDefault.body._embedded.operationLogs).toHaveLength(5);
  });
});

describe("isolation", () => {
  it("never shows another organisation's rows, not even for a user of the same name or the other's e-mail", async () => {
    const { body } = await search(tokenA, { search: `iturriaga ${tag}`, size: "100" });
    expect(body._embedded.operationLogs.map((r) => r.detail).join("\n")).not.toContain("create contact in B");
    expect(new Set(body._embedded.operationLogs.map((r) => r.organizationId))).toEqual(new Set([orgA.organization.hexId]));
    expect((await search(tokenA, { search: adminB.email, size: "100" })).body.page.totalElements).toBe(0);

    const fromB = await search(tokenB, { search: tag, size: "100" });
    expect(fromB.body._embedded.operationLogs.map((r) => r.operationEventId)).toEqual([`${tag}_CONTACT_CREATE`]);
    expect(fromB.body._embedded.operationLogs[0]).toMatchObject({ userEmail: adminB.email, organizationId: orgB.organization.hexId });
    expect((await search(tokenB, { search: adminA.email })).body.page.totalElements).toBe(0);
  });

  it("never puts another organisation's rows in an export", async () => {
    const rows = await sheetRows(await download(tokenA, { format: "xlsx", search: tag }));
    expect(rows.flat().join("\n")).not.toContain("create contact in B");
    expect(rows.flat()).not.toContain(adminB.email);
    const rowsB = await sheetRows(await download(tokenB, { format: "xlsx", search: tag }));
    expect(rowsB.slice(1).map((r) => r[2])).toEqual([`${tag}_CONTACT_CREATE`]);
  });
});

describe("export", () => {
  it("writes an Excel file with the localized header and the rows the filters keep, and logs the export", async () => {
    const response = await download(tokenA, { format: "xlsx", search: `iturriaga ${tag}` });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="operations-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const rows = await sheetRows(response);
    expect(rows[0]).toEqual(["Fecha y hora", "Módulo", "Evento", "Usuario", "Correo electrónico", "Detalle"]);
    // The month up to today: the rows of 2025 the day filter test added stay out.
    expect(rows.slice(1).map((r) => r.slice(1, 5))).toEqual([
      ["Contactos", `${tag}_CONTACT_DELETE`, "Begoña Iturriaga", adminA.email],
      ["Contactos", `${tag}_CONTACT_CREATE`, "Begoña Iturriaga", adminA.email],
    ]);
    expect(rows[1]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows[1]![5]).toContain("action=delete contact");

    const logged = await db.operationLog.findFirst({
      where: { organizationId: orgA.organization.id, operationEventId: "OPERATION_LOG_EXPORT" },
      orderBy: { id: "desc" },
    });
    expect(logged).toMatchObject({ moduleId: "DOCUMENTO", eventUserId: adminA.id });
    expect(logged!.detail).toMatch(/action=export 2 operations as xlsx from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}/);
  });

  it("writes the columns in the caller's language and keeps the list's module and day filters", async () => {
    const response = await download(tokenA, { format: "xlsx", search: tag, moduleId: "DOCUMENTO" }, { "accept-language": "en-US" });
    const rows = await sheetRows(response);
    expect(rows[0]).toEqual(["Date and time", "Module", "Event", "User", "E-mail", "Detail"]);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3]])).toEqual([["Documents", `${tag}_DOCUMENT_SEND`, "Ramón Zubizarreta"]]);

    const madrid = await sheetRows(
      await download(tokenA, { format: "xlsx", search: `${tag}_MADRID`, from: "2025-03-10", to: "2025-03-10" }),
    );
    expect(madrid.slice(1).map((r) => r[0])).toEqual(["2025-03-10 23:59:59", "2025-03-10 00:30:00"]);
  });

  it("writes a PDF file", async () => {
    const response = await download(tokenA, { format: "pdf", search: tag });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="operations-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  });

  it.skipIf(!hasPdftotext)(
    "writes the PDF's title, columns and rows as text a reader can extract (needs pdftotext, poppler-utils)",
    async () => {
      const bytes = new Uint8Array(await (await download(tokenA, { format: "pdf", search: `zubizarreta ${tag}` })).arrayBuffer());
      const text = pdfText(bytes);
      expect(text).toContain("Historial de operaciones");
      expect(text).toContain(orgA.organization.name);
      expect(text).toContain("Fecha y hora");
      // A long event wraps inside its cell; in content order its pieces follow one another.
      expect(pdfText(bytes, "-raw").replace(/\n/g, "")).toContain(`${tag}_DOCUMENT_SEND`);
      expect(text).toContain("Ramón Zubizarreta");
      expect(text).toContain(colleagueA.email);
      expect(text).not.toContain(`${tag}_CONTACT_CREATE`);
    },
  );

  it("covers one month at most, and its start must not be after its end", async () => {
    const long = await download(tokenA, { format: "xlsx", from: "2025-01-01", to: "2025-02-02" });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({
      errorCode: "LOG_EXPORT_RANGE",
      message: "La exportación de registros está limitada a un mes.",
    });
    expect((await download(tokenA, { format: "xlsx", from: "2025-01-31", to: "2025-02-28" })).status).toBe(200);
    const reversed = await download(tokenA, { format: "pdf", from: "2025-02-02", to: "2025-02-01" });
    expect(reversed.status).toBe(400);
    expect((await reversed.json()).errorCode).toBe("LOG_EXPORT_DATES");
    expect((await download(tokenA, { format: "csv" })).status).toBe(400);
  });

  it("refuses more rows than an export may hold, with a message that says how many", async () => {
    const big = await createTestOrganization();
    const user = await createTestUser(big);
    const token = await signIn(user.email);
    const at = minutesAgo(60);
    await db.operationLog.createMany({
      data: Array.from({ length: 10_001 }, (_, i) => ({
        moduleId: "CONTACTO" as const,
        eventUserId: user.id,
        operationEventId: `BULK_${i}`,
        eventTimestamp: at,
        detail: "bulk",
        organizationId: big.organization.id,
      })),
    });
    const refused = await download(token, { format: "xlsx" });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as ErrorBody;
    expect(body.errorCode).toBe("OPERATION_LOG_EXPORT_TOO_LARGE");
    expect(body.message).toMatch(/10[.,\u00a0\u202f]?000/);
    // Narrowed below the limit, the same export goes through.
    const narrowed = await download(token, { format: "xlsx", search: "BULK_9999" });
    expect(narrowed.status).toBe(200);
    expect((await sheetRows(narrowed)).slice(1).map((r) => r[2])).toEqual(["BULK_9999"]);
  });
});

describe("privileges", () => {
  it("lets the operator role list but not export", async () => {
    expect((await search(operatorA, { search: tag })).status).toBe(200);
    const refused = await download(operatorA, { format: "xlsx" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ errorCode: "FORBIDDEN", message: "No tiene permiso para realizar esta acción." });
    expect((await download(operatorA, { format: "pdf" })).status).toBe(403);
  });

  it("refuses a role without the documents module, and anonymous callers", async () => {
    expect((await search(noRoleA, {})).status).toBe(403);
    expect((await download(noRoleA, { format: "xlsx" })).status).toBe(403);
    expect((await call(searchLogs, "/api/data/operationLogs/search")).status).toBe(401);
  });
});
