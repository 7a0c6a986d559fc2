/**
 * The portal's "Export CSV" of a filtered transaction list (written by write-csv.ts), read from the
 * database a page at a time and only as fast as the reader consumes it, so an export of a million
 * rows holds one page in memory.
 */
import { Prisma } from "~/generated/prisma/client";
import { transactionFilter, type TransactionFilter } from "~/schemas/portal-transactions";
import { actingAccountId } from "~/server/auth/account-scope";
import { actorLivemode, type Actor } from "~/server/auth/actor";
import { formatLagosDate } from "~/server/services/invoices/billing-period";
import { parseInput } from "~/server/validation/parse-input";
import {
  CHOOSE_TRANSACTIONS_ACCOUNT,
  filterCondition,
  IS_SPEND,
  lagosDateTimeText,
  selectTransactionPage,
  type Cursor,
  type PortalTransactionRow,
} from "./transaction-reads";
import { deliveryCells, DELIVERY_CSV_KINDS, nairaText, transactionLeadingCells, writeCsv, type CsvColumn } from "./write-csv";

/** As the invoice CSV (write-csv.ts): "Charged" is 0 for a failed purchase, so its column sums to spend; the last four are what was delivered. */
const COLUMNS: readonly CsvColumn[] = [
  { header: "Date (Africa/Lagos)", kind: "value" },
  { header: "Transaction ID", kind: "id" },
  { header: "Client reference", kind: "id" },
  { header: "Provider reference", kind: "id" },
  { header: "Service", kind: "text" },
  { header: "Product", kind: "text" },
  { header: "Recipient", kind: "id" },
  { header: "Amount (NGN)", kind: "value" },
  { header: "Amount (kobo)", kind: "value" },
  { header: "Charged (NGN)", kind: "value" },
  { header: "Charged (kobo)", kind: "value" },
  { header: "Status", kind: "text" },
  { header: "Channel", kind: "text" },
  { header: "Source IP", kind: "id" },
  { header: "Token", kind: DELIVERY_CSV_KINDS[0] },
  { header: "PINs", kind: DELIVERY_CSV_KINDS[1] },
  { header: "Units", kind: DELIVERY_CSV_KINDS[2] },
  { header: "Bonus token", kind: DELIVERY_CSV_KINDS[3] },
];

export const CSV_PAGE_SIZE = 1000;

type CsvRow = PortalTransactionRow & { lagos_time: string; charged: bigint };

function toRecord(row: CsvRow): string[] {
  return [
    ...transactionLeadingCells(row),
    row.product_name ?? "",
    row.recipient,
    nairaText(row.amount),
    row.amount.toString(),
    nairaText(row.charged),
    row.charged.toString(),
    row.status.toLowerCase(),
    row.channel === "API" ? "API" : "Portal",
    row.source_ip,
    ...deliveryCells(row),
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
  const where = filterCondition(accountId, actorLivemode(actor), filter);
  const pageSize = options.pageSize ?? CSV_PAGE_SIZE;

  async function* pages(): AsyncGenerator<string[][]> {
    let after: Cursor | null = null;
    for (;;) {
      const rows: CsvRow[] = await selectTransactionPage<{ lagos_time: string; charged: bigint }>(where, {
        limit: pageSize,
        after,
        extraColumns: Prisma.sql`${lagosDateTimeText(Prisma.sql`t.created_at`)} AS lagos_time,
          (CASE WHEN ${IS_SPEND} THEN t.amount ELSE 0 END)::bigint AS charged`,
      });
      yield rows.map(toRecord);
      const last = rows.at(-1);
      if (rows.length < pageSize || !last) return;
      after = { createdAt: last.created_at, id: last.id };
    }
  }

  return { filename: `transactions-${formatLagosDate(options.now ?? new Date())}.csv`, chunks: writeCsv(COLUMNS, pages()) };
}
