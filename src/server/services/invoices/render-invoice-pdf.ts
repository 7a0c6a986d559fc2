/**
 * The invoice PDF (DESIGN.md §5) with PDFKit, written to read as a statement: the issuer (from
 * configuration) and the customer, the month's ledger movements from opening to closing balance with
 * each funding or adjustment, purchases by service (display names, as the portal shows them), the VAT
 * treatment, the summary of source addresses (so a holder sees which servers spent money), and
 * "Page n of N". A month still open is marked provisional throughout.
 *
 * Tagged PDF (PDFKit's structure API): headings, paragraphs and tables are structure elements and the
 * page numbers are pagination artifacts, so screen readers and text extraction read it in order.
 *
 * Deterministic: the document's dates (and so its file ID) are the end of the period, not the time of
 * download, so a closed month's invoice is the same bytes whenever it is downloaded.
 */
import PDFDocument from "pdfkit";
import { env } from "~/env";
import type { Actor } from "~/server/auth/actor";
import { formatLagosDate, formatLagosDateTime } from "./billing-period";
import { getInvoiceSummary, type InvoiceSummary } from "./invoice-summary";

/** The standard PDF fonts have no naira sign; "NGN" reads the same to an accountant. */
export function formatNgn(kobo: bigint): string {
  const negative = kobo < 0n;
  const absolute = negative ? -kobo : kobo;
  const whole = (absolute / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}NGN ${whole}.${String(absolute % 100n).padStart(2, "0")}`;
}

export interface InvoiceIssuer {
  name: string;
  addressLines: string[];
  taxId: string | null;
  vatRegistered: boolean;
  vatRatePercent: number;
}

export function invoiceIssuerFromEnv(): InvoiceIssuer {
  return {
    name: env.INVOICE_ISSUER_NAME,
    addressLines: (env.INVOICE_ISSUER_ADDRESS ?? "")
      .split(";")
      .map((line) => line.trim())
      .filter(Boolean),
    taxId: env.INVOICE_ISSUER_TAX_ID ?? null,
    vatRegistered: env.INVOICE_VAT_REGISTERED,
    vatRatePercent: env.INVOICE_VAT_RATE_PERCENT,
  };
}

/**
 * The VAT contained in an amount charged VAT-inclusive, rounded half up to the kobo: prices are what
 * the wallet was debited, so VAT is a part of them, never added on top after the fact.
 */
export function includedVat(charged: bigint, ratePercent: number): bigint {
  const basisPoints = BigInt(Math.round(ratePercent * 100));
  const whole = 10_000n + basisPoints;
  return (charged * basisPoints * 2n + whole) / (2n * whole);
}

const MARGIN = 50;
const PAGE_WIDTH = 595; // A4 in points
const PAGE_BOTTOM = 842 - MARGIN;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

type Struct = PDFKit.PDFStructureElement;
/** A table column; at most one leaves out its width and takes what the others leave of the content width. */
type Column = { header: string; width?: number; align?: "left" | "right" };

/** The funding and adjustments of the month. */
const CREDIT_COLUMNS: Column[] = [
  { header: "Date (Lagos)", width: 100 },
  { header: "Kind", width: 62 },
  { header: "Reference", width: 120 },
  { header: "Note" },
  { header: "Amount", width: 95, align: "right" },
];

/** Purchases by service, with a total row. */
const SERVICE_COLUMNS: Column[] = [
  { header: "Service", width: 150 },
  { header: "Purchases", width: 75, align: "right" },
  { header: "Failed", width: 60, align: "right" },
  { header: "Charged", width: 75, align: "right" },
  { header: "Amount charged", align: "right" },
];

/** The source addresses purchases came from. */
const ADDRESS_COLUMNS: Column[] = [
  { header: "Address", width: 150 },
  { header: "Purchases", width: 60, align: "right" },
  { header: "Amount charged", width: 95, align: "right" },
  { header: "First use (Lagos)", width: 95 },
  { header: "Last use (Lagos)" },
];

/** One structure element (a heading, a paragraph) holding what `draw` puts on the page. */
function tagged(doc: PDFKit.PDFDocument, parent: Struct, type: string, draw: () => void): void {
  parent.add(doc.struct(type, {}, [draw]));
}

/**
 * One tagged block of text (`type` H1, H2 or P) in Helvetica, bold or not, at `size` points: at the
 * current position, or at `x` on the current line where blocks stand side by side.
 */
function taggedText(
  doc: PDFKit.PDFDocument,
  parent: Struct,
  type: string,
  text: string,
  { bold = false, size = 9, x, width = CONTENT_WIDTH }: { bold?: boolean; size?: number; x?: number; width?: number } = {},
): void {
  tagged(doc, parent, type, () => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(size);
    if (x === undefined) doc.text(text, { width });
    else doc.text(text, x, doc.y, { width });
  });
}

function heading(doc: PDFKit.PDFDocument, parent: Struct, text: string): void {
  if (doc.y > PAGE_BOTTOM - 70) doc.addPage();
  doc.x = MARGIN;
  taggedText(doc, parent, "H2", text, { bold: true, size: 12 });
  doc.moveDown(0.4);
}

function paragraph(doc: PDFKit.PDFDocument, parent: Struct, text: string, options: { bold?: boolean; size?: number } = {}): void {
  doc.x = MARGIN;
  taggedText(doc, parent, "P", text, options);
}

/** A table whose columns share the content width; numbers right-aligned so their digits line up. */
function table(doc: PDFKit.PDFDocument, parent: Struct, columns: Column[], rows: string[][], options: { totalRow?: boolean } = {}): void {
  const fixedWidth = columns.reduce((sum, column) => sum + (column.width ?? 0), 0);
  const widths = columns.map((column) => column.width ?? CONTENT_WIDTH - fixedWidth);
  const structure = doc.struct("Table");
  parent.add(structure);
  const headers = columns.map((column) => column.header);
  const drawRow = (cells: string[], kind: "header" | "body" | "total") => {
    if (doc.y > PAGE_BOTTOM - 20) {
      doc.addPage();
      // A table continued on a new page repeats its column headings, so its figures stay labelled.
      if (kind !== "header") drawRow(headers, "header");
    }
    const y = doc.y;
    const row = doc.struct("TR");
    structure.add(row);
    doc.font(kind === "body" ? "Helvetica" : "Helvetica-Bold").fontSize(9);
    let x = MARGIN;
    columns.forEach((column, index) => {
      const cellX = x;
      tagged(doc, row, kind === "header" ? "TH" : "TD", () =>
        doc.text(cells[index] ?? "", cellX, y, {
          width: widths[index]! - 6,
          align: column.align ?? "left",
          lineBreak: false,
          ellipsis: true,
        }),
      );
      x += widths[index]!;
    });
    row.end();
    doc.x = MARGIN;
    doc.y = y + 14;
    if (kind === "header")
      doc
        .moveTo(MARGIN, y + 11.5)
        .lineTo(MARGIN + CONTENT_WIDTH, y + 11.5)
        .lineWidth(0.5)
        .strokeColor("#999999")
        .stroke();
  };
  drawRow(headers, "header");
  rows.forEach((row, index) => drawRow(row, options.totalRow && index === rows.length - 1 ? "total" : "body"));
  structure.end();
  doc.moveDown(1);
}

/** Two blocks of lines side by side (issuer and customer), each a tagged paragraph per line. */
function sideBySide(
  doc: PDFKit.PDFDocument,
  parent: Struct,
  left: { title: string; lines: string[] },
  right: { title: string; lines: string[] },
): void {
  const top = doc.y;
  const half = CONTENT_WIDTH / 2;
  let bottom = top;
  [left, right].forEach((block, index) => {
    const x = MARGIN + index * half;
    doc.y = top;
    const section = doc.struct("Sect");
    parent.add(section);
    taggedText(doc, section, "H2", block.title, { bold: true, size: 10, x, width: half - 10 });
    for (const line of block.lines) taggedText(doc, section, "P", line, { x, width: half - 10 });
    section.end();
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = MARGIN;
  doc.y = bottom;
  doc.moveDown(1);
}

export function renderInvoicePdf(summary: InvoiceSummary, issuer: InvoiceIssuer, now: Date = new Date()): Promise<Buffer> {
  const issued = summary.period.end < now ? summary.period.end : now;
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    tagged: true,
    lang: "en-GB",
    displayTitle: true,
    pdfVersion: "1.7",
    info: {
      Title: `Invoice ${summary.invoiceNumber}${summary.provisional ? " (provisional)" : ""}`,
      Author: issuer.name,
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
  const root = doc.struct("Document");
  doc.addStructure(root);

  taggedText(doc, root, "H1", summary.provisional ? "Invoice (provisional)" : "Invoice", { bold: true, size: 20 });
  doc.moveDown(0.3);
  paragraph(
    doc,
    root,
    `Invoice number ${summary.invoiceNumber}. Period: ${summary.period.label} (${summary.period.period}, Africa/Lagos time).`,
    { size: 10 },
  );
  paragraph(doc, root, `Issued ${formatLagosDateTime(issued)} (Lagos).`, { size: 10 });
  if (summary.provisional) {
    doc.moveDown(0.3);
    paragraph(
      doc,
      root,
      `Provisional: ${summary.period.label} is still open. These figures cover purchases up to the time of issue and can change until the month ends on ${formatLagosDate(new Date(summary.period.end.getTime() - 1))}; download the invoice again after that for the final one.`,
      { bold: true },
    );
  }
  doc.moveDown(1);

  sideBySide(
    doc,
    root,
    {
      title: "From",
      lines: [
        issuer.name,
        ...issuer.addressLines,
        ...(issuer.taxId ? [`Tax ID: ${issuer.taxId}`] : []),
        issuer.vatRegistered ? `VAT registered (${issuer.vatRatePercent}%)` : "Not registered for VAT",
      ],
    },
    {
      title: "Bill to",
      lines: [
        summary.account.name,
        `Account ${summary.account.id}`,
        ...summary.account.contacts.map((contact) => (contact.name ? `${contact.name} <${contact.email}>` : contact.email)),
        `Customer since ${formatLagosDate(summary.account.createdAt)}`,
      ],
    },
  );

  heading(doc, root, "Wallet");
  const amountColumn: Column = { header: "Amount", width: 130, align: "right" };
  table(
    doc,
    root,
    [{ header: "" }, amountColumn],
    [
      ["Opening balance", formatNgn(summary.openingBalance)],
      ["Funding", formatNgn(summary.funding)],
      ["Purchases", formatNgn(summary.purchases)],
      ["Reversals of failed purchases", formatNgn(summary.reversals)],
      ["Adjustments", formatNgn(summary.adjustments)],
      ["Closing balance", formatNgn(summary.closingBalance)],
    ],
    { totalRow: true },
  );

  heading(doc, root, "Funding and adjustments");
  if (summary.credits.length === 0) {
    paragraph(doc, root, "No funding or adjustments this month.");
    doc.moveDown(1);
  } else {
    table(
      doc,
      root,
      CREDIT_COLUMNS,
      summary.credits.map((entry) => [
        formatLagosDateTime(entry.at),
        entry.kind,
        entry.reference ?? "",
        entry.note ?? "",
        formatNgn(entry.amount),
      ]),
    );
  }

  heading(doc, root, "Purchases by service");
  const failed = summary.services.reduce((sum, row) => sum + row.failed, 0);
  table(
    doc,
    root,
    SERVICE_COLUMNS,
    [
      ...summary.services.map((row) => [row.service, String(row.count), String(row.failed), String(row.charged), formatNgn(row.amount)]),
      ["Total", String(summary.transactionCount), String(failed), String(summary.chargedCount), formatNgn(summary.totalCharged)],
    ],
    { totalRow: true },
  );
  paragraph(
    doc,
    root,
    "Purchases counts every purchase of the month, failed ones included; Charged counts the successful and pending ones, whose amount stays debited. A failed purchase's amount was returned to the wallet.",
  );
  doc.moveDown(1);

  heading(doc, root, "VAT");
  const vat = issuer.vatRegistered ? includedVat(summary.totalCharged, issuer.vatRatePercent) : 0n;
  table(
    doc,
    root,
    [{ header: "" }, amountColumn],
    [
      ["Amount charged", formatNgn(summary.totalCharged)],
      [
        issuer.vatRegistered ? `VAT at ${issuer.vatRatePercent}% (included in the amount charged)` : "VAT (issuer not registered for VAT)",
        formatNgn(vat),
      ],
      ["Amount charged excluding VAT", formatNgn(summary.totalCharged - vat)],
    ],
  );

  heading(doc, root, "Source addresses");
  paragraph(doc, root, "The addresses your purchases came from this month: check that each is one of your servers.");
  doc.moveDown(0.4);
  table(
    doc,
    root,
    ADDRESS_COLUMNS,
    summary.sourceAddresses.length > 0
      ? [
          ...summary.sourceAddresses.map((row) => [
            row.address,
            String(row.count),
            formatNgn(row.amount),
            formatLagosDateTime(row.firstUse),
            formatLagosDateTime(row.lastUse),
          ]),
          ...(summary.otherAddresses
            ? [
                [
                  `${summary.otherAddresses.addresses} other addresses`,
                  String(summary.otherAddresses.count),
                  formatNgn(summary.otherAddresses.amount),
                  formatLagosDateTime(summary.otherAddresses.firstUse),
                  formatLagosDateTime(summary.otherAddresses.lastUse),
                ],
              ]
            : []),
        ]
      : [["No purchases this month", "", "", "", ""]],
  );
  root.end();

  // Page numbers go on once the page count is known; they are artifacts, not content, for readers.
  const pages = doc.bufferedPageRange();
  for (let index = 0; index < pages.count; index += 1) {
    doc.switchToPage(pages.start + index);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.markContent("Artifact", { type: "Pagination" });
    const label = `${summary.invoiceNumber}${summary.provisional ? " (provisional)" : ""} · Page ${index + 1} of ${pages.count}`;
    doc
      .font("Helvetica")
      .fontSize(8)
      .text(label, MARGIN, 842 - MARGIN / 2 - 8, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
    doc.endMarkedContent();
    doc.page.margins.bottom = bottomMargin;
  }

  doc.end();
  return done;
}

export async function buildInvoicePdf(actor: Actor, input: { accountId?: string; period: string }, now: Date = new Date()) {
  const summary = await getInvoiceSummary(actor, input, now);
  const pdf = await renderInvoicePdf(summary, invoiceIssuerFromEnv(), now);
  return { filename: `invoice-${summary.period.period}.pdf`, invoiceNumber: summary.invoiceNumber, pdf, summary };
}
