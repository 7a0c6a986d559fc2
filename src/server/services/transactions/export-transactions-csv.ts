/**
 * The portal's "Export CSV" of a filtered transaction list: RFC 4180 (CRLF, quotes where needed) via
 * csv-stringify, read from the database a page at a time and only as fast as the reader consumes it,
 * so an export of a million rows holds one page in memory. Cells a spreadsheet could run as a formula
 * (starting with = + - @ tab or carriage return) get a leading single quote (csv-stringify's
 * escape_formulas), since references and recipients are typed by other people.
 */
import { stringify } from "csv-stringify/sync";
import { Prisma } from "~/generated/prisma/client";
import { SERVICE_LABELS, transactionFilter, type TransactionFilter } from "~/schemas/portal-transactions";
import { actingAccountId } from "~/server/auth/account-scope";
import type { Actor } from "~/server/auth/actor";
import { parseInput } from "~/server/validation/parse-input";
import { CHOOSE_TRANSACTIONS_ACCOUNT, filterCondition, selectTransactionPage, type Cursor, type PortalTransactionRow } from "./portal-transaction-rows";

const HEADER = [
  "Date (Africa/Lagos)",
  "Transaction ID",
  "Client reference",
  "Provider reference",
  "Service",
  "Product",
  "Recipient",
  "Amount (NGN)",
  "Amount (kobo)",
  "Status",
  "Channel",
  "Source IP",
];

const CSV_OPTIONS = { record_delimiter: "\r\n", quote_record_delimiter: true, escape_formulas: true } as const;

export const CSV_PAGE_SIZE = 1000;

type CsvRow = PortalTransactionRow & { lagos_time: string };

/** 123456n → "1234.56": exact, from the integer kobo (never through a float). */
function nairaText(kobo: bigint): string {
  const sign = kobo < 0n ? "-" : "";
  const absolute = kobo < 0n ? -kobo : kobo;
  return `${sign}${absolute / 100n}.${(absolute % 100n).toString().padStart(2, "0")}`;
}

function toRecord(row: CsvRow): string[] {
  return [
    row.lagos_time,
    row.id,
    row.client_reference,
    row.provider_reference ?? "",
    SERVICE_LABELS[row.service],
    row.product_name ?? "",
    row.recipient,
    nairaText(row.amount),
    row.amount.toString(),
    row.status.toLowerCase(),
    row.channel === "API" ? "API" : "Portal",
    row.source_ip,
  ];
}

/** Today's date in Lagos, for the file name. */
function lagosDate(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export interface TransactionsCsv {
  filename: string;
  /** CSV text in chunks (the header, then one chunk per page of rows); pulls the next page on demand. */
  chunks: AsyncIterable<string>;
}

/**
 * Validates and scopes at once (so a refused export fails before any byte is sent); the rows are read
 * as the returned chunks are consumed.
 */
export async function exportTransactionsCsv(
  actor: Actor,
  input: TransactionFilter,
  options: { pageSize?: number; now?: Date } = {},
): Promise<TransactionsCsv> {
  const filter = parseInput(transactionFilter, input);
  const accountId = actingAccountId(actor, filter.accountId, CHOOSE_TRANSACTIONS_ACCOUNT);
  const where = filterCondition(accountId, filter);
  const pageSize = options.pageSize ?? CSV_PAGE_SIZE;

  async function* chunks(): AsyncGenerator<string> {
    // The byte-order mark makes Excel read the file as UTF-8 (product names hold "–" and "₦").
    yield stringify([HEADER], { ...CSV_OPTIONS, bom: true });
    let after: Cursor | null = null;
    for (;;) {
      const rows: CsvRow[] = await selectTransactionPage<{ lagos_time: string }>(where, {
        limit: pageSize,
        after,
        extraColumns: Prisma.sql`to_char(t.created_at AT TIME ZONE 'Africa/Lagos', 'YYYY-MM-DD HH24:MI:SS') AS lagos_time`,
      });
      if (rows.length > 0) yield stringify(rows.map(toRecord), CSV_OPTIONS);
      const last = rows.at(-1);
      if (rows.length < pageSize || !last) return;
      after = { createdAt: last.created_at, id: last.id };
    }
  }

  return { filename: `transactions-${lagosDate(options.now ?? new Date())}.csv`, chunks: chunks() };
}
