/**
 * Reading fundings: an account's FUNDING ledger entries with the bank transfer each came from, if any,
 * newest first, keyset-paginated on (created_at, id) as transactions are. The partial index
 * ledger_entries_funding_created_at_idx (account, mode, time, id WHERE kind = 'FUNDING') serves it
 * without reading an account's purchase entries.
 */
import { Prisma } from "~/generated/prisma/client";
import type { DbClient } from "~/server/db";
import { lagosDateTimeText, type Cursor } from "~/server/services/transactions/transaction-reads";
import type { FundingRow } from "./funding-views";

export async function selectFundings(
  client: DbClient,
  where: { accountId: string; livemode: boolean; extra?: Prisma.Sql[] },
  options: { limit: number; after?: Cursor | null },
): Promise<FundingRow[]> {
  const conditions = [
    Prisma.sql`l.account_id = ${where.accountId}::uuid AND l.livemode = ${where.livemode} AND l.kind = 'FUNDING'`,
    ...(where.extra ?? []),
  ];
  if (options.after)
    conditions.push(Prisma.sql`(l.created_at, l.id) < (${options.after.createdAt}::timestamptz, ${BigInt(options.after.id)}::bigint)`);
  return client.$queryRaw<FundingRow[]>`
    SELECT l.id, l.funding_reference, l.amount, b.fee, b.id IS NOT NULL AS from_transfer, b.payer_name, b.payer_bank, b.paid_at,
           l.created_at, l.livemode
    FROM ledger_entries l LEFT JOIN bank_transfers b ON b.ledger_entry_id = l.id
    WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY l.created_at DESC, l.id DESC
    LIMIT ${options.limit}`;
}

/** A month's live fundings for the invoice CSV, oldest first, with their Lagos time as the CSV writes it. */
export interface InvoiceFundingRow extends FundingRow {
  lagos_time: string;
}

export function selectInvoiceFundings(client: DbClient, accountId: string, from: Date, to: Date): Promise<InvoiceFundingRow[]> {
  return client.$queryRaw<InvoiceFundingRow[]>`
    SELECT l.id, l.funding_reference, l.amount, b.fee, b.id IS NOT NULL AS from_transfer, b.payer_name, b.payer_bank, b.paid_at,
           l.created_at, l.livemode, ${lagosDateTimeText(Prisma.sql`l.created_at`)} AS lagos_time
    FROM ledger_entries l LEFT JOIN bank_transfers b ON b.ledger_entry_id = l.id
    WHERE l.account_id = ${accountId}::uuid AND l.livemode AND l.kind = 'FUNDING' AND l.created_at >= ${from} AND l.created_at < ${to}
    ORDER BY l.created_at, l.id`;
}
