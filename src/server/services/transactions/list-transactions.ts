/**
 * GET /api/v1/transactions: newest first, keyset-paginated on (createdAt, id) so pages stay stable
 * while new purchases arrive. `from` is inclusive and `to` exclusive; a date without a time means
 * midnight in Africa/Lagos, the service's calendar.
 */
import { listTransactionsQuery, type ListTransactionsQuery } from "~/schemas/purchases";
import { actingAccountId } from "~/server/auth/account-scope";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { invalidInput, parseInput } from "~/server/validation/parse-input";
import { toTransactionView, type PurchaseRow, type TransactionView } from "~/server/services/purchases/transaction-view";

export interface TransactionPage {
  data: TransactionView[];
  nextCursor: string | null;
}

function toInstant(value: string | undefined): Date | null {
  if (value === undefined) return null;
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00+01:00` : value);
}

function encodeCursor(row: PurchaseRow): string {
  return Buffer.from(`${row.created_at.toISOString()}|${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [createdAt, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const instant = new Date(createdAt ?? "");
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(instant.getTime())) {
    throw invalidInput([{ name: "cursor", reason: "is not a cursor this API returned" }]);
  }
  return { createdAt: instant, id };
}

export async function listTransactions(actor: Actor, named: string, query: Partial<ListTransactionsQuery>): Promise<TransactionPage> {
  const accountId = actingAccountId(actor, named);
  const { from, to, limit, cursor } = parseInput(listTransactionsQuery, query);
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await db.$queryRaw<PurchaseRow[]>`
    SELECT * FROM transactions
    WHERE account_id = ${accountId}::uuid
      AND (${toInstant(from)}::timestamptz IS NULL OR created_at >= ${toInstant(from)}::timestamptz)
      AND (${toInstant(to)}::timestamptz IS NULL OR created_at < ${toInstant(to)}::timestamptz)
      AND (${after?.createdAt ?? null}::timestamptz IS NULL
           OR (created_at, id) < (${after?.createdAt ?? null}::timestamptz, ${after?.id ?? null}::uuid))
    ORDER BY created_at DESC, id DESC
    LIMIT ${limit + 1}`;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { data: page.map(toTransactionView), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
