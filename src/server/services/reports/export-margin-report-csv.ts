/**
 * The margin report as CSV (written by write-csv.ts, as the invoice and the other exports are): one row
 * per account, service and upstream (empty: not recorded), as the report's last list, with amounts in naira and in kobo and the margin
 * rate in percent, then a total row. The report is already summed, so it is written whole.
 */
import type { Actor } from "~/server/auth/actor";
import { SERVICE_LABELS } from "~/schemas/portal-transactions";
import { nairaText, writeCsv, type CsvColumn } from "~/server/services/transactions/write-csv";
import type { MarginReportInput } from "~/schemas/catalog-admin";
import { getMarginReport, type MarginFigures } from "./margin-report";

const COLUMNS: readonly CsvColumn[] = [
  { header: "Account", kind: "text" },
  { header: "Account ID", kind: "id" },
  { header: "Service", kind: "text" },
  { header: "Upstream", kind: "text" },
  { header: "Sales", kind: "value" },
  { header: "Revenue (NGN)", kind: "value" },
  { header: "Cost (NGN)", kind: "value" },
  { header: "Margin (NGN)", kind: "value" },
  { header: "Margin %", kind: "value" },
  { header: "Uncosted sales", kind: "value" },
  { header: "Uncosted revenue (NGN)", kind: "value" },
  { header: "Revenue (kobo)", kind: "value" },
  { header: "Cost (kobo)", kind: "value" },
  { header: "Margin (kobo)", kind: "value" },
];

function figureCells(figures: MarginFigures): string[] {
  return [
    String(figures.count),
    nairaText(figures.revenue),
    nairaText(figures.cost),
    nairaText(figures.margin),
    figures.marginRate === null ? "" : (figures.marginRate * 100).toFixed(2),
    String(figures.uncostedCount),
    nairaText(figures.uncostedRevenue),
    figures.revenue.toString(),
    figures.cost.toString(),
    figures.margin.toString(),
  ];
}

export interface MarginReportCsv {
  filename: string;
  chunks: AsyncIterable<string>;
}

/** Refused (not an operator, a bad month or range) before any byte is sent. */
export async function exportMarginReportCsv(actor: Actor, input: MarginReportInput): Promise<MarginReportCsv> {
  const report = await getMarginReport(actor, input);
  async function* records(): AsyncGenerator<string[][]> {
    yield [
      ...report.lines.map((line) => [
        line.accountName,
        line.accountId,
        SERVICE_LABELS[line.service],
        line.upstream ?? "",
        ...figureCells(line),
      ]),
      ["Total", "", "", "", ...figureCells(report.total)],
    ];
  }
  return { filename: `margin-${report.period.replace("..", "-to-")}.csv`, chunks: writeCsv(COLUMNS, records()) };
}
