/**
 * The invoice CSV (DESIGN.md §5): one row per transaction of the cycle, with its source address.
 * Streams from a database cursor through csv-stringify (RFC 4180 quoting), so the first bytes leave at
 * once and memory stays bounded for a month of any size. Cells a spreadsheet would read as a formula
 * are neutralised with a leading apostrophe: provider references, product names and recipients can
 * come from outside this service.
 */
import { pipeline } from "node:stream/promises";
import { PassThrough, type Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { Actor } from "~/server/auth/actor";
import { invoiceAccountId } from "./invoice-access";
import { db } from "~/server/db";
import { streamRows } from "~/server/db/query-stream";
import { API_SERVICE_NAMES, type ServiceCode } from "~/schemas/services";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { billingPeriod, formatLagosDateTime, invoiceNumber } from "./billing-period";

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

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell that would start a spreadsheet formula is prefixed with an apostrophe (OWASP's advice). */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

interface CsvRow {
  id: string;
  created_at: Date;
  client_reference: string;
  provider_reference: string | null;
  service: ServiceCode;
  product_name: string | null;
  plan_id: string | null;
  recipient: string;
  amount: string;
  status: string;
  channel: string;
  source_ip: string;
}

function toCells(row: CsvRow): string[] {
  const kobo = BigInt(row.amount);
  const naira = `${kobo / 100n}.${String(kobo % 100n).padStart(2, "0")}`;
  return [
    formatLagosDateTime(row.created_at),
    row.id,
    row.client_reference,
    row.provider_reference ?? "",
    API_SERVICE_NAMES[row.service],
    row.product_name ?? row.plan_id ?? "",
    row.recipient,
    kobo.toString(),
    naira,
    row.status.toLowerCase(),
    row.channel.toLowerCase(),
    row.source_ip,
  ].map(neutraliseFormula);
}

export interface InvoiceCsv {
  filename: string;
  invoiceNumber: string;
  stream: Readable;
}

/** `accountId`: an operator's choice of account; account holders get their own. */
export async function streamInvoiceCsv(actor: Actor, input: { accountId?: string; period: string }): Promise<InvoiceCsv> {
  const accountId = invoiceAccountId(actor, input.accountId);
  const period = billingPeriod(input.period);
  const account = await findAccountOrThrow(db, accountId);

  const rows = await streamRows<CsvRow>(
    `SELECT id, created_at, client_reference, provider_reference, service, product_name, plan_id, recipient,
            amount::text AS amount, status::text AS status, channel::text AS channel, source_ip
     FROM transactions
     WHERE account_id = $1 AND created_at >= $2 AND created_at < $3
     ORDER BY created_at, id`,
    [account.id, period.start, period.end],
  );
  const csv = stringify({ header: true, columns: [...INVOICE_CSV_COLUMNS], record_delimiter: "\r\n", quoted_match: /[\r\n]/ });
  const out = new PassThrough();
  // pipeline destroys every stage on error (a closed download, a lost connection), releasing the cursor.
  void pipeline(
    rows,
    async function* (source: AsyncIterable<CsvRow>) {
      for await (const row of source) yield toCells(row);
    },
    csv,
    out,
  ).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));

  return { filename: `invoice-${period.period}.csv`, invoiceNumber: invoiceNumber(account.id, period.period), stream: out };
}
