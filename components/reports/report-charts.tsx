"use client";

import type { ReactElement, ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { documentStatuses } from "@/lib/documents/list-schemas";
import { durationParts } from "@/lib/reports/report-format";
import { checkOutcomes, type ReportCharts as ChartData } from "@/lib/reports/report-schemas";

/** The organisation's colours (ui_sign_color) lead; states that warn keep their usual meaning (red, amber). */
export type ChartColours = { primary: string; secondary: string };

const fixedColours: Record<string, string> = {
  DRAFT: "#cbd5e1",
  SCHEDULED: "#a5b4fc",
  SENT: "#7dd3fc",
  IN_REVIEW: "#f59e0b",
  REJECTED: "#dc2626",
  CANCELLED: "#64748b",
  EXPIRED: "#a8a29e",
  FAIL: "#dc2626",
  REVIEW: "#f59e0b",
};

function colourOf(key: string, colours: ChartColours): string {
  if (key === "COMPLETED" || key === "PASS") return colours.primary;
  if (key === "IN_PROGRESS") return colours.secondary;
  return fixedColours[key] ?? "#94a3b8";
}

const chartHeight = 240;

/** 2026-11-03 → 03/11: day first in both languages (es-ES, en-GB). */
function dayLabel(day: string): string {
  const [, month, date] = day.split("-");
  return `${date}/${month}`;
}
const axisTick = { fontSize: 11, fill: "#475569" };

/**
 * One chart with its title, and the same numbers as a table that screen readers read instead of the
 * drawing (the SVG is hidden from them).
 */
function ChartCard({
  title,
  testId,
  summary,
  table,
  children,
}: {
  title: string;
  testId: string;
  summary?: ReactNode;
  table: ReactNode;
  children: ReactElement;
}) {
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <figcaption className="text-sm font-semibold text-slate-800">{title}</figcaption>
      {summary ? <p className="mt-1 text-xs text-slate-600">{summary}</p> : null}
      <div className="mt-3" aria-hidden="true" style={{ height: chartHeight }}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
      <div className="sr-only">{table}</div>
    </figure>
  );
}

function DataTableSr({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            {row.map((cell, column) =>
              column === 0 ? (
                <th key={column} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={column}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The report charts: shipments per day by status, completion times, rejections per day with the commonest reasons, identity-check outcomes. */
export function ReportChartsView({ data, colours }: { data: ChartData; colours: ChartColours }) {
  const t = useTranslations("reports.charts");
  const tStatus = useTranslations("documentStatus");
  const tOutcome = useTranslations("reports.outcomes");
  const tDuration = useTranslations("reports.duration");
  const statuses = documentStatuses.filter((status) => data.shipmentsPerDay.some((entry) => entry.byStatus[status]));
  const perDay = data.shipmentsPerDay.map((entry) => ({ day: entry.day, ...entry.byStatus }));
  const median = data.completion.medianSeconds;
  const medianText = median === null ? "—" : tDuration(durationParts(median).unit, { value: durationParts(median).value });
  const buckets = data.completion.buckets.map((entry) => ({ name: t(`buckets.${entry.bucket}`), count: entry.count }));
  const checks = data.identityChecks.map((entry) => ({ name: t(entry.check), PASS: entry.PASS, FAIL: entry.FAIL, REVIEW: entry.REVIEW }));
  const rejected = data.rejectionsPerDay.reduce((sum, entry) => sum + entry.count, 0);

  return (
    <section className="space-y-3" aria-labelledby="report-charts-title" data-testid="report-charts">
      <div>
        <h2 id="report-charts-title" className="text-base font-semibold text-slate-900">
          {t("title")}
        </h2>
        <p className="text-xs text-slate-500">{t("range", { from: data.from, to: data.to, timeZone: data.timeZone })}</p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          title={t("shipmentsPerDay")}
          testId="chart-shipments-per-day"
          table={
            <DataTableSr
              caption={t("shipmentsPerDay")}
              head={[t("day"), ...statuses.map((status) => tStatus(status)), t("total")]}
              rows={data.shipmentsPerDay.map((entry) => [entry.day, ...statuses.map((status) => entry.byStatus[status] ?? 0), entry.total])}
            />
          }
        >
          <BarChart data={perDay} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={dayLabel} tick={axisTick} minTickGap={12} />
            <YAxis allowDecimals={false} tick={axisTick} />
            <Tooltip labelFormatter={(label) => dayLabel(String(label))} />
            <Legend wrapperStyle={{ fontSize: 11 }} />
            {statuses.map((status) => (
              <Bar
                key={status}
                dataKey={status}
                name={tStatus(status)}
                stackId="status"
                fill={colourOf(status, colours)}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ChartCard>

        <ChartCard
          title={t("completion")}
          testId="chart-completion"
          summary={t("completionSummary", { completed: data.completion.completed, median: medianText })}
          table={
            <DataTableSr caption={t("completion")} head={[t("completion"), t("shipments")]} rows={buckets.map((b) => [b.name, b.count])} />
          }
        >
          <BarChart data={buckets} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" tick={axisTick} />
            <YAxis allowDecimals={false} tick={axisTick} />
            <Tooltip />
            <Bar dataKey="count" name={t("shipments")} fill={colours.primary} isAnimationActive={false} />
          </BarChart>
        </ChartCard>

        <ChartCard
          title={t("rejections")}
          testId="chart-rejections"
          summary={
            rejected ? (
              <span>
                {t("topReasons")}:{" "}
                {data.topRejectionReasons.map((entry) => `${entry.reason ?? t("noReason")} (${entry.count})`).join(" · ")}
              </span>
            ) : (
              t("noData")
            )
          }
          table={
            <DataTableSr
              caption={t("rejections")}
              head={[t("day"), t("rejectionsSeries")]}
              rows={data.rejectionsPerDay.map((entry) => [entry.day, entry.count])}
            />
          }
        >
          <BarChart data={data.rejectionsPerDay} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={dayLabel} tick={axisTick} minTickGap={12} />
            <YAxis allowDecimals={false} tick={axisTick} />
            <Tooltip labelFormatter={(label) => dayLabel(String(label))} />
            <Bar dataKey="count" name={t("rejectionsSeries")} fill={fixedColours.REJECTED} isAnimationActive={false} />
          </BarChart>
        </ChartCard>

        <ChartCard
          title={t("identityChecks")}
          testId="chart-identity-checks"
          table={
            <DataTableSr
              caption={t("identityChecks")}
              head={[t("check"), ...checkOutcomes.map((outcome) => tOutcome(outcome))]}
              rows={checks.map((entry) => [entry.name, entry.PASS, entry.FAIL, entry.REVIEW])}
            />
          }
        >
          <BarChart data={checks} layout="vertical" margin={{ top: 4, right: 8, bottom: 0, left: 24 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={axisTick} />
            <YAxis type="category" dataKey="name" tick={axisTick} width={110} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 11 }} />
            {checkOutcomes.map((outcome) => (
              <Bar
                key={outcome}
                dataKey={outcome}
                name={tOutcome(outcome)}
                stackId="outcome"
                fill={colourOf(outcome, colours)}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ChartCard>
      </div>
    </section>
  );
}
