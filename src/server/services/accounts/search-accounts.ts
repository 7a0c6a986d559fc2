/**
 * The operator console's account list: every account whose name contains the query (any case), or the
 * one account whose id it is, a page at a time, with what an operator checks first (balance, whether
 * the API is held to an allowlist and how many entries it has, the catalog flag). Operators only.
 */
import { Prisma } from "~/generated/prisma/client";
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { parseInput } from "~/server/validation/parse-input";
import { isUuid } from "~/schemas/fields";
import { searchAccountsInput, type SearchAccountsInput } from "~/schemas/operator-console";
import { isAllowlistRequired } from "~/server/services/allowlist/allowlist-policy";
import { containsPattern } from "./contains-pattern";

export interface AccountSummary {
  id: string;
  name: string;
  createdAt: Date;
  balance: bigint;
  onProductCatalog: boolean;
  allowlistRequired: boolean;
  allowlistEntryCount: number;
}

export interface AccountSearchPage {
  accounts: AccountSummary[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

interface AccountRow {
  id: string;
  name: string;
  created_at: Date;
  on_product_catalog: boolean;
  allowlist_opt_in: boolean;
  balance: bigint;
  allowlist_entry_count: number;
}

export async function searchAccounts(actor: Actor, input: SearchAccountsInput = {}): Promise<AccountSearchPage> {
  assertOperator(actor);
  const { query, page, pageSize } = parseInput(searchAccountsInput, input);
  const pattern = query === "" ? null : containsPattern(query);
  const id = isUuid(query) ? query.toLowerCase() : null;
  const matches = Prisma.sql`(${pattern}::text IS NULL OR a.name ILIKE ${pattern}::text OR a.id = ${id}::uuid)`;

  // Raw SQL for the order: by name regardless of case (the database collation may put "ALPHA" before
  // "alpha"), then by id so that pages never overlap.
  const [counted, rows] = await db.$transaction([
    db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM accounts a WHERE ${matches}`,
    db.$queryRaw<AccountRow[]>`
      SELECT a.id::text, a.name, a.created_at, a.on_product_catalog, a.allowlist_opt_in,
             coalesce(w.balance, 0)::bigint AS balance,
             (SELECT count(*) FROM allowlist_entries e WHERE e.account_id = a.id)::int AS allowlist_entry_count
      FROM accounts a
      LEFT JOIN wallets w ON w.account_id = a.id AND w.livemode
      WHERE ${matches}
      ORDER BY lower(a.name), a.name, a.id
      LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  ]);
  const total = counted[0]?.total ?? 0;

  return {
    accounts: rows.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.created_at,
      balance: row.balance,
      onProductCatalog: row.on_product_catalog,
      allowlistRequired: isAllowlistRequired({ createdAt: row.created_at, allowlistOptIn: row.allowlist_opt_in }),
      allowlistEntryCount: row.allowlist_entry_count,
    })),
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}
