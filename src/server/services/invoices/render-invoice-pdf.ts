/**
 * The invoice PDF (DESIGN.md §5) with PDFKit: account and period, invoice number, the month's ledger
 * movements from opening to closing balance, totals per service, and the summary of source addresses
 * (address, purchases, amount, first and last use) so a holder sees which servers spent money.
 *
 * Deterministic: the document's dates (and so its file ID) are the end of the period, not the time of
 * download, so a closed month's invoice is the same bytes whenever it is downloaded.
 */
import PDFDocument from "pdfkit";
import type { Actor } from "~/server/auth/actor";
import { formatLagosDateTime } from "./billing-period";
import { getInvoiceSummary, type InvoiceSummary } from "./invoice-summary";

/** The standard PDF fonts have no naira sign; "NGN" reads the same to an accountant. */
export function formatNgn(kobo: bigint): string {
  const negative = kobo < 0n;
  const absolute = negative ? -kobo : kobo;
  const whole = (absolute / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}NGN ${whole}.${String(absolute % 100n).padStart(2, "0")}`;
}

const MARGIN = 50;
const PAGE_BOTTOM = 842 - MARGIN; // A4 height in points

type Column = { header: string; x: number; width: number; align?: "left" | "right" };

function table(doc: PDFKit.PDFDocument, columns: Column[], rows: string[][]): void {
  const drawRow = (cells: string[], bold: boolean) => {
    if (doc.y > PAGE_BOTTOM - 20) doc.addPage();
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    columns.forEach((column, index) => {
      doc.text(cells[index] ?? "", column.x, y, { width: column.width, align: column.align ?? "left", lineBreak: false });
    });
    doc.x = MARGIN;
    doc.y = y + 14;
  };
  drawRow(columns.map((column) => column.header), true);
  for (const row of rows) drawRow(row, false);
  doc.moveDown(1);
}

function heading(doc: PDFKit.PDFDocument, text: string): void {
  if (doc.y > PAGE_BOTTOM - 60) doc.addPage();
  doc.x = MARGIN;
  doc.font("Helvetica-Bold").fontSize(12).text(text);
  doc.moveDown(0.4);
}

export function renderInvoicePdf(summary: InvoiceSummary, now: Date = new Date()): Promise<Buffer> {
  const issued = summary.period.end < now ? summary.period.end : now;
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: {
      Title: `Invoice ${summary.invoiceNumber}`,
      Author: "Reseller Purchase Platform",
      Subject: `${summary.account.name}, ${summary.period.label}`,
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(20).text("Invoice");
  doc.font("Helvetica").fontSize(10);
  doc.text(`Invoice number: ${summary.invoiceNumber}`);
  doc.text(`Account: ${summary.account.name} (${summary.account.id})`);
  doc.text(`Period: ${summary.period.label} (${summary.period.period}, Africa/Lagos time)`);
  doc.text(`Issued: ${formatLagosDateTime(issued)} (Lagos)`);
  doc.moveDown(1);

  heading(doc, "Wallet");
  const money: Column[] = [
    { header: "", x: MARGIN, width: 250 },
    { header: "Amount", x: MARGIN + 260, width: 150, align: "right" },
  ];
  table(doc, money, [
    ["Opening balance", formatNgn(summary.openingBalance)],
    ["Funding", formatNgn(summary.funding)],
    ["Purchases", formatNgn(summary.purchases)],
    ["Reversals of failed purchases", formatNgn(summary.reversals)],
    ["Adjustments", formatNgn(summary.adjustments)],
    ["Closing balance", formatNgn(summary.closingBalance)],
  ]);

  heading(doc, "Purchases by service");
  table(
    doc,
    [
      { header: "Service", x: MARGIN, width: 150 },
      { header: "Purchases", x: MARGIN + 150, width: 80, align: "right" },
      { header: "Failed", x: MARGIN + 240, width: 60, align: "right" },
      { header: "Amount charged", x: MARGIN + 310, width: 150, align: "right" },
    ],
    [
      ...summary.services.map((row) => [row.service, String(row.count), String(row.failed), formatNgn(row.amount)]),
      ["Total", String(summary.transactionCount), String(summary.services.reduce((sum, row) => sum + row.failed, 0)), formatNgn(summary.totalCharged)],
    ],
  );

  heading(doc, "Source addresses");
  doc.font("Helvetica").fontSize(9).text("The addresses your purchases came from this month: check that each is one of your servers.");
  doc.moveDown(0.4);
  table(
    doc,
    [
      { header: "Address", x: MARGIN, width: 150 },
      { header: "Purchases", x: MARGIN + 150, width: 55, align: "right" },
      { header: "Amount", x: MARGIN + 210, width: 90, align: "right" },
      { header: "First use (Lagos)", x: MARGIN + 305, width: 95 },
      { header: "Last use (Lagos)", x: MARGIN + 400, width: 95 },
    ],
    summary.sourceAddresses.length > 0
      ? summary.sourceAddresses.map((row) => [row.address, String(row.count), formatNgn(row.amount), formatLagosDateTime(row.firstUse), formatLagosDateTime(row.lastUse)])
      : [["No purchases this month", "", "", "", ""]],
  );

  doc.end();
  return done;
}

export async function buildInvoicePdf(actor: Actor, input: { accountId?: string; period: string }) {
  const summary = await getInvoiceSummary(actor, input);
  return { filename: `invoice-${summary.period.period}.pdf`, invoiceNumber: summary.invoiceNumber, pdf: await renderInvoicePdf(summary), summary };
}
