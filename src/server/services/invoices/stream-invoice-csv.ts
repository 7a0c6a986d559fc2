/**
 * The invoice CSV (DESIGN.md §5): one row per transaction of the cycle, with its source address,
 * written by write-csv.ts (RFC 4180, formula cells neutralised). Rows come from a database cursor and
 * are written only as fast as the reader takes them, so the first bytes leave at once and memory stays
 * bounded for a month of any size.
 */
import type { Actor } from "~/server/auth/actor";
import { invoiceAccountId } from "./invoice-access";
import { db } from "~/server/db";
import { API_SERVICE_NAMES } from "~/schemas/services";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { streamTransactionRows, type TransactionExportRow } from "~/server/services/transactions/transaction-reads";
import { inBatches, nairaText, writeCsv } from "~/server/services/transactions/write-csv";
import { billingPeriod, invoiceNumber } from "./billing-period";

export const INVOICE_CSV_COLUMNS = [
  "date_lagos",
  "transaction_id",
  "client_reference",
  "provider_reference",
  "service",
  "product",
  "recipient",
  "amount_kobo",
  "amount_ngn",
  "status",
  "channel",
  "source_ip",
] as const;

/** Rows per chunk of CSV text: the cursor's own batch size. */
const ROWS_PER_CHUNK = 1000;

function toCells(row: TransactionExportRow): string[] {
  const kobo = BigInt(row.amount);
  return [
    row.lagos_time,
    row.id,
    row.client_reference,
    row.provider_reference ?? "",
    API_SERVICE_NAMES[row.service],
    row.product_name ?? row.plan_id ?? "",
    row.recipient,
    kobo.toString(),
    nairaText(kobo),
    row.status.toLowerCase(),
    row.channel.toLowerCase(),
    row.source_ip,
  ];
}

export interface InvoiceCsv {
  filename: string;
  invoiceNumber: string;
  /** CSV text in chunks, read from the database as they are consumed. */
  chunks: AsyncIterable<string>;
}

/** Yields each batch as CSV records; ending early (a closed download) ends the cursor with it. */
async function* records(rows: AsyncIterable<TransactionExportRow>): AsyncGenerator<string[][]> {
  for await (const batch of inBatches(rows, ROWS_PER_CHUNK)) yield batch.map(toCells);
}

export async function streamInvoiceCsv(actor: Actor, input: { accountId?: string; period: string }): Promise<InvoiceCsv> {
  const accountId = invoiceAccountId(actor, input.accountId);
  const period = billingPeriod(input.period);
  const account = await findAccountOrThrow(db, accountId);

  const rows = await streamTransactionRows(account.id, period.start, period.end);
  return {
    filename: `invoice-${period.period}.csv`,
    invoiceNumber: invoiceNumber(account.id, period.period),
    chunks: writeCsv(INVOICE_CSV_COLUMNS, records(rows)),
  };
}
