import { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { getConfigValue } from "@/lib/config/values";
import { db } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/config";
import { safeTimeZone } from "@/lib/i18n/format";
import { translator } from "@/lib/i18n/messages";
import { dayInTimeZone } from "@/lib/i18n/time-zone";
import { writeSheetFile, type SheetFormat } from "@/lib/spreadsheet/sheet-file";
import { batchColumns, requiredColumns, templateHeaders, type BatchColumn } from "./columns";

const words: Record<Locale, { yes: string; no: string }> = { "es-es": { yes: "sí", no: "no" }, "en-us": { yes: "yes", no: "no" } };

const widths: Partial<Record<BatchColumn, number>> = { title: 28, description: 36, email: 30, expirationDate: 16, file: 22 };

export const batchTemplateQuery = z.object({
  format: z
    .enum(["xlsx", "csv"] satisfies SheetFormat[], { error: "VALIDATION_FAILED" })
    .default("xlsx")
    .describe("xlsx (with a sheet of instructions) or csv"),
});

/**
 * The file to fill in, in the caller's language: its headers, two example shipments (one with two
 * orders), and for XLSX a second sheet that explains each column and lists the organisation's
 * active signature flows and document types by the titles the file must use.
 */
export async function batchTemplate(context: AuthContext, query: unknown, locale: Locale) {
  const { format } = batchTemplateQuery.parse(query);
  const t = translator(locale, "batchImport.template");
  const headers = templateHeaders[locale];
  const { yes, no } = words[locale];
  const timeZone = safeTimeZone(await getConfigValue(context.organizationId, "organization_tz"));
  const expiration = dayInTimeZone(new Date(Date.now() + 30 * 24 * 3600_000), timeZone);
  const first = {
    shipment: "1",
    title: t("example.title1"),
    description: t("example.description1"),
    expirationDate: expiration,
    file: "contrato-1.pdf",
  };
  const examples: Partial<Record<BatchColumn, string>>[] = [
    {
      ...first,
      order: "1",
      minSigners: "1",
      firstName: "Ana",
      lastName: "García López",
      email: "ana.garcia@example.com",
      phone: "+34600000001",
      mandatory: yes,
      canReject: yes,
      language: "es-es",
    },
    {
      shipment: "1",
      order: "2",
      minSigners: "1",
      firstName: "Luis",
      lastName: "Pérez Ruiz",
      email: "luis.perez@example.com",
      mandatory: yes,
      canReject: no,
      language: "es-es",
    },
    {
      shipment: "2",
      title: t("example.title2"),
      description: t("example.description2"),
      expirationDate: expiration,
      file: "contrato-2.pdf",
      order: "1",
      firstName: "Emma",
      lastName: "Smith",
      email: "emma.smith@example.com",
      mandatory: yes,
      canReject: yes,
      language: "en-us",
    },
  ];
  const columns = batchColumns.map((key) => ({ key, header: headers[key], width: widths[key] ?? 14 }));
  const rows = examples.map((row) => Object.fromEntries(batchColumns.map((c) => [c, row[c] ?? ""])));
  const [flows, documentTypes] = await Promise.all([
    db.flow.findMany({
      where: { organizationId: context.organizationId, kind: "SIGNATURE", active: true },
      select: { name: true, isDefault: true },
      orderBy: { name: "asc" },
    }),
    db.documentType.findMany({
      where: { organizationId: context.organizationId },
      select: { name: true, isDefault: true },
      orderBy: { name: "asc" },
    }),
  ]);
  const listed = (items: { name: string; isDefault: boolean }[]) =>
    items.length === 0 ? t("none") : items.map((i) => (i.isDefault ? `${i.name} (${t("default")})` : i.name)).join(", ");
  const help = [
    ...batchColumns.map((c) => ({
      column: headers[c],
      required: (requiredColumns as readonly string[]).includes(c)
        ? t("required")
        : c === "email" || c === "phone"
          ? t("emailOrPhone")
          : t("optional"),
      description: t(`help.${c}`),
    })),
    { column: "", required: "", description: "" },
    { column: t("flows"), required: "", description: listed(flows) },
    { column: t("documentTypes"), required: "", description: listed(documentTypes) },
  ];
  const body = await writeSheetFile(format, [
    { name: t("sheetName"), columns, rows },
    {
      name: t("helpSheetName"),
      columns: [
        { key: "column", header: t("helpColumns.column"), width: 20 },
        { key: "required", header: t("helpColumns.required"), width: 16 },
        { key: "description", header: t("helpColumns.description"), width: 100 },
      ],
      rows: help,
    },
  ]);
  const fileName = `${t("fileName")}.${format}`;
  return {
    body,
    fileName,
    contentType: format === "xlsx" ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" : "text/csv; charset=utf-8",
  };
}
