/**
 * The portal's "Export CSV" of a filtered transaction list (written by write-csv.ts), read from the
 * database a page at a time and only as fast as the reader consumes it, so an export of a million
 * rows holds one page in memory.
 */
import { Prisma } from "~/generated/prisma/client";
import { SERVICE_LABELS, transactionFilter, type TransactionFilter } from "~/schemas/portal-transactions";
import { actingAccountId } from "~/server/auth/account-scope";
import type { Actor } from "~/server/auth/actor";
import { formatLagosDate } from "~/server/services/invoices/billing-period";
import { parseInput } from "~/server/validation/parse-input";
import {
  CHOOSE_TRANSACTIONS_ACCOUNT,
  filterCondition,
  lagosDateTimeText,
  selectTransactionPage,
  type Cursor,
  type PortalTransactionRow,
} from "./transaction-reads";
import { nairaText, writeCsv } from "./write-csv";

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

export const CSV_PAGE_SIZE = 1000;

type CsvRow = PortalTransactionRow & { lagos_time: string };

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

  async function* pages(): AsyncGenerator<string[][]> {
    let after: Cursor | null = null;
    for (;;) {
      const rows: CsvRow[] = await selectTransactionPage<{ lagos_time: string }>(where, {
        limit: pageSize,
        after,
        extraColumns: Prisma.sql`${lagosDateTimeText(Prisma.sql`t.created_at`)} AS lagos_time`,
      });
      yield rows.map(toRecord);
      const last = rows.at(-1);
      if (rows.length < pageSize || !last) return;
      after = { createdAt: last.created_at, id: last.id };
    }
  }

  // The byte-order mark makes Excel read the file as UTF-8 (product names hold "–" and "₦").
  return { filename: `transactions-${formatLagosDate(options.now ?? new Date())}.csv`, chunks: writeCsv(HEADER, pages(), { bom: true }) };
}
