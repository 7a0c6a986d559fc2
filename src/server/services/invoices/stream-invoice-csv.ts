/**
 * The invoice CSV (DESIGN.md §5): one row per transaction of the cycle, with its source address, and
 * one per funding (service "Funding", its reference where a purchase has the provider's: a bank
 * transfer's Paystack reference), in time order,
 * written by write-csv.ts (UTF-8 with a byte-order mark, identifiers as text formulas, formula cells
 * neutralised; docs/integrating.md "Invoices"). Rows come from a database cursor and
 * are written only as fast as the reader takes them, so the first bytes leave at once and memory stays
 * bounded for a month of any size.
 */
import type { Actor } from "~/server/auth/actor";
import { openInvoiceMonth } from "./invoice-access";
import { streamTransactionRows, type TransactionExportRow } from "~/server/services/transactions/transaction-reads";
import {
  deliveryCells,
  DELIVERY_CSV_KINDS,
  inBatches,
  nairaText,
  transactionLeadingCells,
  writeCsv,
  type CsvColumn,
} from "~/server/services/transactions/write-csv";
import { invoiceNumber } from "./billing-period";
import { db } from "~/server/db";
import { selectInvoiceFundings, type InvoiceFundingRow } from "~/server/services/funding/funding-reads";
import { toFundingView } from "~/server/services/funding/funding-views";
import { FUNDING_CHANNEL_LABELS } from "~/schemas/funding";

/**
 * Amounts are in kobo (exact integers) and in naira (two decimals); `charged_*` is the amount for a
 * successful or pending purchase and 0 for a failed one (its debit was reversed), so a column sum is
 * the month's spend, the PDF's "Charged" total. The last four columns are what was delivered.
 */
export const INVOICE_CSV_COLUMNS = [
  { header: "date_lagos", kind: "value" },
  { header: "transaction_id", kind: "id" },
  { header: "client_reference", kind: "id" },
  { header: "provider_reference", kind: "id" },
  { header: "service", kind: "text" },
  { header: "product", kind: "text" },
  { header: "recipient", kind: "id" },
  { header: "amount_kobo", kind: "value" },
  { header: "amount_ngn", kind: "value" },
  { header: "charged_kobo", kind: "value" },
  { header: "charged_ngn", kind: "value" },
  { header: "status", kind: "text" },
  { header: "channel", kind: "text" },
  { header: "source_ip", kind: "id" },
  { header: "token", kind: DELIVERY_CSV_KINDS[0] },
  { header: "pins", kind: DELIVERY_CSV_KINDS[1] },
  { header: "units", kind: DELIVERY_CSV_KINDS[2] },
  { header: "bonus_token", kind: DELIVERY_CSV_KINDS[3] },
] as const satisfies readonly CsvColumn[];

/** Rows per chunk of CSV text: the cursor's own batch size. */
const ROWS_PER_CHUNK = 1000;

function toCells(row: TransactionExportRow): string[] {
  const kobo = BigInt(row.amount);
  const charged = BigInt(row.charged);
  return [
    ...transactionLeadingCells(row),
    row.product_name ?? row.plan_id ?? "",
    row.recipient,
    kobo.toString(),
    nairaText(kobo),
    charged.toString(),
    nairaText(charged),
    row.status.toLowerCase(),
    row.channel.toLowerCase(),
    row.source_ip,
    ...deliveryCells(row),
  ];
}

export interface InvoiceCsv {
  filename: string;
  invoiceNumber: string;
  /** CSV text in chunks, read from the database as they are consumed. */
  chunks: AsyncIterable<string>;
}

/**
 * A funding's row: what the wallet was credited as the amount (nothing charged: `charged_*` is 0, so
 * the charged column still sums to the month's spend), the reference in `provider_reference`, how and
 * from whom in `product`, the fee taken off included.
 */
function fundingCells(row: InvoiceFundingRow): string[] {
  const funding = toFundingView(row);
  const from = funding.payerName ? ` from ${funding.payerName}${funding.payerBank ? ` (${funding.payerBank})` : ""}` : "";
  const fee = funding.fee > 0 ? `; fee NGN ${nairaText(BigInt(funding.fee))}` : "";
  return [
    row.lagos_time,
    funding.id,
    "",
    funding.reference ?? "",
    "Funding",
    `${FUNDING_CHANNEL_LABELS[funding.channel]}${from}${fee}`,
    "",
    row.amount.toString(),
    nairaText(row.amount),
    "0",
    "0.00",
    "credited",
    funding.channel,
    "",
    ...deliveryCells({ token: null, pins: null, units: null, bonus_token: null }),
  ];
}

/**
 * Yields each batch as CSV records, the month's fundings (few: read at once) merged in time order into
 * the transactions streaming from the cursor (opened on the first read: streamRows); ending early (a
 * closed download) ends the cursor with it.
 */
async function* records(rows: AsyncIterable<TransactionExportRow>, fundings: InvoiceFundingRow[]): AsyncGenerator<string[][]> {
  let next = 0;
  for await (const batch of inBatches(rows, ROWS_PER_CHUNK)) {
    const records: string[][] = [];
    for (const row of batch) {
      while (next < fundings.length && fundings[next]!.lagos_time <= row.lagos_time) records.push(fundingCells(fundings[next++]!));
      records.push(toCells(row));
    }
    yield records;
  }
  yield fundings.slice(next).map(fundingCells);
}

export async function streamInvoiceCsv(actor: Actor, input: { accountId?: string; period: string }): Promise<InvoiceCsv> {
  const { account, period } = await openInvoiceMonth(actor, input);

  const fundings = await selectInvoiceFundings(db, account.id, period.start, period.end);
  return {
    filename: `invoice-${period.period}.csv`,
    invoiceNumber: invoiceNumber(account.id, period.period),
    chunks: writeCsv(INVOICE_CSV_COLUMNS, records(streamTransactionRows(account.id, period.start, period.end), fundings)),
  };
}
