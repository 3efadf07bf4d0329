import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { GET as shipmentsRoute } from "@/app/api/reports/shipments/route";
import { GET as signaturesRoute } from "@/app/api/reports/signatures/route";
import { GET as exportRoute } from "@/app/api/reports/[report]/export/route";
import { GET as chartsRoute } from "@/app/api/reports/charts/route";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import type { ReportCharts, ShipmentReportPage, SignatureReportPage } from "@/lib/reports/report-schemas";
import { randomHex } from "@/lib/security/random";
import { call, clientAddressHeaders, sendRequest } from "../support/http";
import { createTestOrganization, createTestUser, type TestOrganization } from "../support/fixtures";
import { signIn } from "../support/sign-in";

type ErrorBody = { errorCode: string; message: string };

// A word only this run's shipments hold.
const tag = `INF${randomHex(3).toUpperCase()}`;
const at = (iso: string) => new Date(iso);

let orgA: TestOrganization;
let orgB: TestOrganization;
let adminA: { id: number; hexId: string; email: string };
let colleagueA: { id: number; hexId: string };
let tokenA: string;
let operatorA: string;
let tokenB: string;
let flowHexId: string;
const docs: Record<string, string> = {};

type SignerSeed = Partial<Prisma.SignerCreateWithoutDocumentInput> & { evidences?: Prisma.EvidenceCreateWithoutSignerInput[] };

async function addShipment(
  org: TestOrganization,
  input: {
    key: string;
    title: string;
    senderId: number;
    flowId?: number;
    status: Prisma.DocumentCreateInput["status"];
    createdAt: string;
    sentAt?: string;
    completedAt?: string;
    signers: SignerSeed[];
  },
) {
  const document = await db.document.create({
    data: {
      organizationId: org.organization.id,
      senderId: input.senderId,
      flowId: input.flowId ?? null,
      title: input.title,
      status: input.status,
      tags: [tag, "ventas"],
      createdAt: at(input.createdAt),
      sentAt: input.sentAt ? at(input.sentAt) : null,
      completedAt: input.completedAt ? at(input.completedAt) : null,
    },
  });
  for (const [index, { evidences, ...signer }] of input.signers.entries()) {
    await db.signer.create({
      data: {
        documentId: document.id,
        position: index + 1,
        firstName: `Firmante${index + 1}`,
        lastName: input.key,
        email: `${input.key.toLowerCase()}-${index + 1}@firmas.test`,
        invitedAt: input.sentAt ? at(input.sentAt) : null,
        ...signer,
        evidences: evidences ? { create: evidences } : undefined,
      } as Prisma.SignerUncheckedCreateInput,
    });
  }
  docs[input.key] = document.hexId;
  return document;
}

const evidence = (
  kind: "SELFIE" | "VIDEO",
  check: "VERIFIED" | "FAILED" | "IN_REVIEW" | "PENDING",
  detail: Record<string, unknown>,
  createdAt: string,
) => ({
  kind,
  check,
  checkDetail: detail as Prisma.InputJsonValue,
  storageKey: `reports/${randomHex(8)}`,
  mimeType: kind === "SELFIE" ? "image/jpeg" : "video/webm",
  size: 10,
  sha256: randomHex(32),
  createdAt: at(createdAt),
});

async function shipments(token: string, query: Record<string, string>) {
  return call<ShipmentReportPage & ErrorBody>(shipmentsRoute, "/api/reports/shipments", { token, query });
}
async function signatures(token: string, query: Record<string, string>) {
  return call<SignatureReportPage & ErrorBody>(signaturesRoute, "/api/reports/signatures", { token, query });
}
async function charts(token: string, query: Record<string, string>) {
  return call<ReportCharts & ErrorBody>(chartsRoute, "/api/reports/charts", { token, query });
}
async function download(token: string, report: string, query: Record<string, string>, headers: Record<string, string> = {}) {
  const url = new URL(`http://127.0.0.1:3000/api/reports/${report}/export`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return sendRequest(
    exportRoute,
    new NextRequest(url, { headers: { authorization: `Bearer ${token}`, ...clientAddressHeaders("203.0.113.41"), ...headers } }),
  );
}

async function sheetRows(response: Response, sheet = 0): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const rows: string[][] = [];
  workbook.worksheets[sheet]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
  return rows;
}

/** The PDF's text in reading order, runs of white space (a wrapped cell's line break) as one space. */
function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(path.join(tmpdir(), "reports-pdf-"));
  try {
    writeFileSync(path.join(dir, "report.pdf"), bytes);
    return execFileSync("pdftotext", ["-raw", path.join(dir, "report.pdf"), "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const month = { from: "2026-11-01", to: "2026-11-30" };

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([createTestOrganization(), createTestOrganization()]);
  const [a, colleague, operator, b] = await Promise.all([
    createTestUser(orgA),
    createTestUser(orgA),
    createTestUser(orgA, { role: "operator" }),
    createTestUser(orgB),
  ]);
  await db.user.update({ where: { id: a.id }, data: { firstName: "Begoña", lastName: "Iturriaga" } });
  await db.user.update({ where: { id: colleague.id }, data: { firstName: "Ramón", lastName: "Zubizarreta" } });
  adminA = a;
  colleagueA = colleague;
  // Madrid is UTC+1 in November: 23:30Z on the 2nd is already the 3rd there.
  await db.configValue.create({ data: { organizationId: orgA.organization.id, name: "organization_tz", value: "Europe/Madrid" } });
  const flow = await db.flow.create({ data: { organizationId: orgA.organization.id, name: `Flujo informes ${tag}`, active: true } });
  flowHexId = flow.hexId;
  [tokenA, operatorA, tokenB] = await Promise.all([signIn(a.email), signIn(operator.email), signIn(b.email)]);

  await addShipment(orgA, {
    key: "ALFA",
    title: `Contrato Alfa ${tag}`,
    senderId: a.id,
    flowId: flow.id,
    status: "COMPLETED",
    createdAt: "2026-11-02T23:30:00Z",
    sentAt: "2026-11-02T23:30:00Z",
    completedAt: "2026-11-03T01:30:00Z",
    signers: [
      {
        status: "COMPLETED",
        signedAt: at("2026-11-03T01:00:00Z"),
        evidences: [
          evidence("SELFIE", "VERIFIED", { faceCheck: { distance: 0.31, threshold: 0.5, result: "VERIFIED" } }, "2026-11-03T00:50:00Z"),
          evidence("VIDEO", "VERIFIED", { livenessCheck: { result: "VERIFIED" } }, "2026-11-03T00:55:00Z"),
        ],
        locations: {
          create: [
            {
              processType: "ENVIO",
              timestamp: at("2026-11-03T00:40:00Z"),
              latitude: 40.4168,
              longitude: -3.7038,
              displayName: "Madrid, España",
            },
          ],
        },
      } as SignerSeed,
      { status: "COMPLETED", signedAt: at("2026-11-03T01:30:00Z") },
    ],
  });
  await addShipment(orgA, {
    key: "BETA",
    title: `Contrato Beta ${tag}`,
    senderId: colleague.id,
    status: "IN_PROGRESS",
    createdAt: "2026-11-03T10:00:00Z",
    sentAt: "2026-11-03T10:00:00Z",
    signers: [{ status: "COMPLETED", signedAt: at("2026-11-03T12:00:00Z") }, { status: "PENDING" }],
  });
  await addShipment(orgA, {
    key: "GAMMA",
    title: `Acuerdo Gamma ${tag}`,
    senderId: a.id,
    flowId: flow.id,
    status: "REJECTED",
    createdAt: "2026-11-04T09:00:00Z",
    sentAt: "2026-11-04T09:00:00Z",
    signers: [
      {
        status: "REJECTED",
        rejectedAt: at("2026-11-04T22:59:00Z"),
        rejectionReason: "Datos incorrectos",
        evidences: [
          evidence(
            "SELFIE",
            "FAILED",
            { faceCheck: { distance: 0.71, threshold: 0.5, result: "FAILED", reason: "FACE_MISMATCH" } },
            "2026-11-04T20:00:00Z",
          ),
          // A selfie still waiting for its check is no outcome yet.
          evidence("SELFIE", "PENDING", {}, "2026-11-04T20:05:00Z"),
          evidence("VIDEO", "IN_REVIEW", { livenessCheck: { result: "IN_REVIEW", reasons: ["LOW_MOVEMENT"] } }, "2026-11-04T21:00:00Z"),
        ],
        locations: {
          create: [{ processType: "ENVIO", timestamp: at("2026-11-04T19:00:00Z"), errorCode: 1, errorMessage: "User denied Geolocation" }],
        },
      } as SignerSeed,
      { status: "CANCELLED" },
    ],
  });
  await addShipment(orgA, {
    key: "DELTA",
    title: `Acuerdo Delta ${tag}`,
    senderId: a.id,
    status: "REJECTED",
    createdAt: "2026-11-04T23:10:00Z",
    sentAt: "2026-11-04T23:10:00Z",
    signers: [{ status: "REJECTED", rejectedAt: at("2026-11-04T23:30:00Z"), rejectionReason: "Datos incorrectos" }],
  });
  await addShipment(orgA, {
    key: "EPSILON",
    title: `Contrato Épsilon ${tag}`,
    senderId: colleague.id,
    status: "COMPLETED",
    createdAt: "2026-11-05T08:00:00Z",
    sentAt: "2026-11-05T08:00:00Z",
    completedAt: "2026-11-08T08:00:00Z",
    signers: [{ status: "COMPLETED", signedAt: at("2026-11-08T08:00:00Z") }],
  });
  // Another organisation's shipment with the same tag, title word and days: never in A's reports.
  await addShipment(orgB, {
    key: "OTRA",
    title: `Contrato Alfa ${tag} ajeno`,
    senderId: b.id,
    status: "REJECTED",
    createdAt: "2026-11-03T10:00:00Z",
    sentAt: "2026-11-03T10:00:00Z",
    signers: [{ status: "REJECTED", rejectedAt: at("2026-11-03T11:00:00Z"), rejectionReason: "Ajeno" }],
  });
});

describe("shipment report", () => {
  it("lists one row per shipment with its sender, flow, signer counts and time to complete", async () => {
    const { status, body } = await shipments(tokenA, { ...month, search: tag, sort: "createdAt,asc" });
    expect(status).toBe(200);
    expect(body.timeZone).toBe("Europe/Madrid");
    expect(body.page.totalElements).toBe(5);
    expect(body._embedded.shipments.map((row) => row.documentHexId)).toEqual([docs.ALFA, docs.BETA, docs.GAMMA, docs.DELTA, docs.EPSILON]);
    const alfa = body._embedded.shipments[0]!;
    expect(alfa).toMatchObject({
      title: `Contrato Alfa ${tag}`,
      sender: "Begoña Iturriaga",
      senderEmail: adminA.email,
      status: "COMPLETED",
      createdAt: "2026-11-02T23:30:00.000Z",
      completedAt: "2026-11-03T01:30:00.000Z",
      signersTotal: 2,
      signersSigned: 2,
      signersRejected: 0,
      secondsToComplete: 7200,
      flow: `Flujo informes ${tag}`,
      tags: [tag, "ventas"],
    });
    const gamma = body._embedded.shipments[2]!;
    expect(gamma).toMatchObject({ signersTotal: 2, signersSigned: 0, signersRejected: 1, secondsToComplete: null });
  });

  it("reads the day range on the organisation's clocks", async () => {
    const third = await shipments(tokenA, { from: "2026-11-03", to: "2026-11-03", search: tag });
    expect(third.body._embedded.shipments.map((row) => row.documentHexId).sort()).toEqual([docs.ALFA, docs.BETA].sort());
    // In UTC the Alfa shipment was created on the 2nd, but not in Madrid.
    const second = await shipments(tokenA, { from: "2026-11-02", to: "2026-11-02", search: tag });
    expect(second.body.page.totalElements).toBe(0);
    const fifth = await shipments(tokenA, { from: "2026-11-05", to: "2026-11-05", search: tag });
    expect(fifth.body._embedded.shipments.map((row) => row.documentHexId).sort()).toEqual([docs.DELTA, docs.EPSILON].sort());
  });

  it("filters by status, sender, flow and text, sorts and pages", async () => {
    const rejected = await shipments(tokenA, { ...month, status: "REJECTED" });
    expect(rejected.body._embedded.shipments.map((row) => row.documentHexId).sort()).toEqual([docs.GAMMA, docs.DELTA].sort());
    const bySender = await shipments(tokenA, { ...month, sender: colleagueA.hexId });
    expect(bySender.body._embedded.shipments.map((row) => row.documentHexId).sort()).toEqual([docs.BETA, docs.EPSILON].sort());
    const byFlow = await shipments(tokenA, { ...month, flow: flowHexId });
    expect(byFlow.body._embedded.shipments.map((row) => row.documentHexId).sort()).toEqual([docs.ALFA, docs.GAMMA].sort());
    const words = await shipments(tokenA, { ...month, search: "acuerdo delta" });
    expect(words.body._embedded.shipments.map((row) => row.documentHexId)).toEqual([docs.DELTA]);
    // A LIKE wildcard is a literal character, not "anything".
    expect((await shipments(tokenA, { ...month, search: "%" })).body.page.totalElements).toBe(0);

    const byTitle = await shipments(tokenA, { ...month, sort: "title,asc", size: "2", page: "1" });
    expect(byTitle.body.page).toEqual({ size: 2, totalElements: 5, totalPages: 3, number: 1 });
    expect(byTitle.body._embedded.shipments.map((row) => row.title)).toEqual([`Contrato Alfa ${tag}`, `Contrato Beta ${tag}`]);
    const pastTheEnd = await shipments(tokenA, { ...month, size: "2", page: "7" });
    expect(pastTheEnd.body._embedded.shipments).toEqual([]);
    expect(pastTheEnd.body.page).toEqual({ size: 2, totalElements: 5, totalPages: 3, number: 7 });
    const slowest = await shipments(tokenA, { ...month, sort: "timeToComplete,desc", size: "1" });
    expect(slowest.body._embedded.shipments[0]!.documentHexId).toBe(docs.EPSILON);

    const bad = await shipments(tokenA, { from: "2026-11-10", to: "2026-11-01" });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe("LOG_EXPORT_DATES");
    expect((await shipments(tokenA, { status: "NOPE" })).status).toBe(400);
  });
  it("keeps every shipment's tags a list: the column refuses NULL, and a row written without tags lists none", async () => {
    await expect(db.$executeRaw`UPDATE "Document" SET tags = NULL WHERE "hexId" = ${docs.ALFA}`).rejects.toThrow(/not-null/);
    await db.$executeRaw`UPDATE "Document" SET tags = DEFAULT WHERE "hexId" = ${docs.ALFA}`;
    try {
      const page = await shipments(tokenA, { ...month, sort: "title,asc" });
      expect(page.status).toBe(200);
      expect(page.body._embedded.shipments.find((row) => row.documentHexId === docs.ALFA)?.tags).toEqual([]);
    } finally {
      await db.document.update({ where: { hexId: docs.ALFA }, data: { tags: [tag, "ventas"] } });
    }
  });
});

describe("signature report", () => {
  it("lists one row per signer with the rejection reason, identity checks and location from the evidence tables", async () => {
    const { status, body } = await signatures(tokenA, { ...month, search: tag });
    expect(status).toBe(200);
    expect(body.page.totalElements).toBe(8);
    const row = (key: string, position: number) =>
      body._embedded.signatures.find((r) => r.documentHexId === docs[key] && r.position === position)!;
    expect(row("ALFA", 1)).toMatchObject({
      signer: "Firmante1 ALFA",
      email: "alfa-1@firmas.test",
      status: "COMPLETED",
      signedAt: "2026-11-03T01:00:00.000Z",
      faceMatch: "PASS",
      faceDistance: 0.31,
      liveness: "PASS",
      location: "GIVEN",
      locationName: "Madrid, España",
    });
    expect(row("GAMMA", 1)).toMatchObject({
      status: "REJECTED",
      rejectedAt: "2026-11-04T22:59:00.000Z",
      rejectionReason: "Datos incorrectos",
      faceMatch: "FAIL",
      faceDistance: 0.71,
      liveness: "REVIEW",
      location: "DENIED",
      locationName: null,
    });
    expect(row("BETA", 2)).toMatchObject({ status: "PENDING", faceMatch: null, liveness: null, location: null });
  });

  it("filters by the signer's status and finds signers by name or e-mail", async () => {
    const rejected = await signatures(tokenA, { ...month, status: "REJECTED" });
    expect(rejected.body._embedded.signatures.map((r) => r.documentHexId).sort()).toEqual([docs.GAMMA, docs.DELTA].sort());
    const byEmail = await signatures(tokenA, { ...month, search: "epsilon-1@firmas" });
    expect(byEmail.body._embedded.signatures.map((r) => r.signer)).toEqual(["Firmante1 EPSILON"]);
    const sorted = await signatures(tokenA, { ...month, search: tag, sort: "rejectedAt,desc", size: "1" });
    expect(sorted.body._embedded.signatures[0]!.documentHexId).toBe(docs.DELTA);
  });
});

describe("report charts", () => {
  it("counts each series per day on the organisation's clocks, in the database", async () => {
    const { status, body } = await charts(tokenA, { from: "2026-11-01", to: "2026-11-10" });
    expect(status).toBe(200);
    expect(body.shipmentsPerDay).toHaveLength(10);
    const day = (d: string) => body.shipmentsPerDay.find((entry) => entry.day === d)!;
    expect(day("2026-11-02")).toEqual({ day: "2026-11-02", total: 0, byStatus: {} });
    expect(day("2026-11-03")).toEqual({ day: "2026-11-03", total: 2, byStatus: { COMPLETED: 1, IN_PROGRESS: 1 } });
    expect(day("2026-11-04")).toEqual({ day: "2026-11-04", total: 1, byStatus: { REJECTED: 1 } });
    expect(day("2026-11-05")).toEqual({ day: "2026-11-05", total: 2, byStatus: { REJECTED: 1, COMPLETED: 1 } });

    // 2 h and 72 h: the median is their mean.
    expect(body.completion.completed).toBe(2);
    expect(body.completion.medianSeconds).toBe((7200 + 72 * 3600) / 2);
    expect(Object.fromEntries(body.completion.buckets.map((b) => [b.bucket, b.count]))).toEqual({ h1: 0, h24: 1, d3: 0, d7: 1, more: 0 });

    // 22:59Z on the 4th is 23:59 in Madrid; 23:30Z on the 4th is the 5th there.
    const rejections = Object.fromEntries(body.rejectionsPerDay.filter((entry) => entry.count).map((entry) => [entry.day, entry.count]));
    expect(rejections).toEqual({ "2026-11-04": 1, "2026-11-05": 1 });
    expect(body.topRejectionReasons).toEqual([{ reason: "Datos incorrectos", count: 2 }]);
    expect(body.identityChecks).toEqual([
      { check: "faceMatch", PASS: 1, FAIL: 1, REVIEW: 0 },
      { check: "liveness", PASS: 1, FAIL: 0, REVIEW: 1 },
    ]);
  });

  it("applies the filters to every series and bounds the range", async () => {
    const { body } = await charts(tokenA, { from: "2026-11-01", to: "2026-11-10", sender: colleagueA.hexId });
    expect(body.shipmentsPerDay.reduce((sum, entry) => sum + entry.total, 0)).toBe(2);
    expect(body.completion.completed).toBe(1);
    expect(body.rejectionsPerDay.every((entry) => entry.count === 0)).toBe(true);

    const defaults = await charts(tokenA, {});
    expect(defaults.status).toBe(200);
    expect(defaults.body.shipmentsPerDay).toHaveLength(30);
    const tooLong = await charts(tokenA, { from: "2025-01-01", to: "2026-11-10" });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errorCode).toBe("REPORT_RANGE_TOO_LONG");
  });
});

describe("report exports", () => {
  it("writes the filtered shipment report to Excel with localised headers and dates, and logs the export", async () => {
    const response = await download(tokenA, "shipments", { ...month, search: tag, sort: "createdAt,asc", format: "xlsx" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    expect(response.headers.get("content-disposition")).toMatch(/informe-envios-\d{4}-\d{2}-\d{2}\.xlsx/);
    const rows = await sheetRows(response);
    expect(rows[0]!.slice(0, 6)).toEqual(["Envío", "Remitente", "Creado", "Enviado", "Completado", "Estado"]);
    expect(rows).toHaveLength(6);
    expect(rows[1]!.slice(0, 10)).toEqual([
      `Contrato Alfa ${tag}`,
      "Begoña Iturriaga",
      "03/11/2026, 00:30",
      "03/11/2026, 00:30",
      "03/11/2026, 02:30",
      "Completado",
      "2",
      "2",
      "0",
      "2",
    ]);
    const log = await db.operationLog.findFirst({
      where: { organizationId: orgA.organization.id, operationEventId: "REPORT_EXPORT" },
      orderBy: { id: "desc" },
    });
    expect(log?.eventUserId).toBe(adminA.id);
    expect(log?.detail).toContain("export shipments report, 5 rows as xlsx");
    expect(log?.detail).toContain("203.0.113.41");
  });

  it("writes the signature report in English when asked, with the filters in a second sheet", async () => {
    const response = await download(tokenA, "signatures", { ...month, status: "REJECTED", format: "xlsx" }, { "accept-language": "en-US" });
    const rows = await sheetRows(response);
    expect(rows[0]).toContain("Rejection reason");
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).every((row) => row.includes("Datos incorrectos") && row.includes("Rejected"))).toBe(true);
    const about = (
      await sheetRows(await download(tokenA, "signatures", { ...month, status: "REJECTED" }, { "accept-language": "en-US" }), 1)
    ).flat();
    expect(about).toContain("Status: Rejected");
    expect(about).toContain("Dates in the Europe/Madrid time zone");
  });

  it("writes a PDF whose text holds the title, the organisation and the rows", async () => {
    const response = await download(tokenA, "shipments", { ...month, status: "REJECTED", format: "pdf" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const text = pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain("Informe de envíos");
    expect(text).toContain(orgA.organization.name);
    expect(text).toContain(`Acuerdo Gamma ${tag}`);
    expect(text).toContain(`Acuerdo Delta ${tag}`);
    expect(text).not.toContain(`Contrato Beta ${tag}`);
    expect(text).toContain("Estado: Rechazado");
  });

  it("refuses an export beyond the row cap with a clear message", async () => {
    const big = await createTestOrganization();
    const admin = await createTestUser(big);
    await db.document.createMany({
      data: Array.from({ length: 5001 }, (_, i) => ({
        organizationId: big.organization.id,
        title: `Envío ${i}`,
        status: "DRAFT" as const,
      })),
    });
    const response = await download(await signIn(admin.email), "shipments", { format: "pdf" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.errorCode).toBe("REPORT_EXPORT_TOO_LARGE");
    expect(body.message).toMatch(/como máximo 5[.\s]?000 filas/);
  });
});

describe("report permissions and isolation", () => {
  it("needs DOCUMENTO:EXPORT for every report call, and a known report", async () => {
    expect((await shipments(operatorA, month)).status).toBe(403);
    expect((await signatures(operatorA, month)).status).toBe(403);
    expect((await charts(operatorA, month)).status).toBe(403);
    expect((await download(operatorA, "shipments", month)).status).toBe(403);
    expect((await call(shipmentsRoute, "/api/reports/shipments", {})).status).toBe(401);
    expect((await download(tokenA, "users", month)).status).toBe(404);
  });

  it("never shows another organisation's shipments, signers or counts", async () => {
    const mine = await shipments(tokenB, { ...month, search: tag });
    expect(mine.body._embedded.shipments.map((row) => row.title)).toEqual([`Contrato Alfa ${tag} ajeno`]);
    // A's users and flows are no filter B can use to reach A's rows.
    expect((await shipments(tokenB, { ...month, sender: adminA.hexId })).body.page.totalElements).toBe(0);
    expect((await signatures(tokenB, { ...month, flow: flowHexId })).body.page.totalElements).toBe(0);
    const a = await signatures(tokenA, { ...month, search: "Ajeno" });
    expect(a.body.page.totalElements).toBe(0);
    const bCharts = await charts(tokenB, { from: "2026-11-01", to: "2026-11-10" });
    expect(bCharts.body.shipmentsPerDay.reduce((sum, entry) => sum + entry.total, 0)).toBe(1);
    expect(bCharts.body.topRejectionReasons).toEqual([{ reason: "Ajeno", count: 1 }]);
    const aCharts = await charts(tokenA, { from: "2026-11-01", to: "2026-11-10" });
    expect(aCharts.body.topRejectionReasons.map((r) => r.reason)).not.toContain("Ajeno");
    const rows = await sheetRows(await download(tokenB, "signatures", month));
    expect(rows.flat().join(" ")).not.toContain("Datos incorrectos");
  });
});
