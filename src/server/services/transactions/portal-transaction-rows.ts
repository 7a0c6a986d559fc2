/**
 * What the portal's transaction pages, the dashboard and the CSV export share: whose transactions a
 * caller may see, the filter as SQL, keyset pages newest first, and the portal's view of a row (the
 * contract's Transaction plus where it came from: channel, source address, API key or user).
 *
 * Every query is scoped to one account here, so no caller can reach another tenant's rows whatever
 * ids or filters it sends. The filter is built from fixed SQL fragments with bound values only.
 */
import { Prisma } from "~/generated/prisma/client";
import type { TransactionFilter } from "~/schemas/portal-transactions";
import type { UnnamedAccount } from "~/server/auth/account-scope";
import { db } from "~/server/db";
import { toTransactionView, type PurchaseRow, type TransactionView } from "~/server/services/purchases/transaction-view";
import { invalidInput } from "~/server/validation/parse-input";

export interface PortalTransactionView extends TransactionView {
  channel: "api" | "portal";
  sourceIp: string;
  /** The API key's name when bought through the API. */
  apiKeyName: string | null;
  /** The portal user's e-mail when bought in the portal. */
  userEmail: string | null;
}

export interface PortalTransactionRow extends PurchaseRow {
  channel: "API" | "PORTAL";
  source_ip: string;
  api_key_name: string | null;
  user_email: string | null;
}

export function toPortalTransactionView(row: PortalTransactionRow): PortalTransactionView {
  return {
    ...toTransactionView(row),
    channel: row.channel === "API" ? "api" : "portal",
    sourceIp: row.source_ip,
    apiKeyName: row.api_key_name,
    userEmail: row.user_email,
  };
}

/** What an operator is told who lists or exports transactions without choosing an account. */
const CHOOSE_ACCOUNT_PROBLEM = { name: "accountId", reason: "choose the account whose transactions to show" };
export const CHOOSE_TRANSACTIONS_ACCOUNT: UnnamedAccount = {
  code: "validation.failed",
  message: `${CHOOSE_ACCOUNT_PROBLEM.name}: ${CHOOSE_ACCOUNT_PROBLEM.reason}`,
  fieldErrors: [CHOOSE_ACCOUNT_PROBLEM],
};

/** `abc` → `abc%` with LIKE's own wildcards escaped, so a search is always a plain prefix. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Recipients are stored in the local 11-digit form; `+234803…`/`234803…` finds them too. */
function localPhonePrefix(text: string): string | null {
  const match = /^\+?234(\d+)$/.exec(text);
  return match ? `0${match[1]}` : null;
}

/**
 * The filter as a WHERE clause (table alias `t`). Prefix matches (`LIKE 'abc%'`) rather than
 * substrings, so that a B-tree index on (account_id, client_reference) / (account_id, recipient) with
 * text_pattern_ops can answer them; dates are whole Lagos days, both ends inclusive.
 */
export function filterCondition(accountId: string, filter: Omit<TransactionFilter, "accountId">): Prisma.Sql {
  const conditions: Prisma.Sql[] = [Prisma.sql`t.account_id = ${accountId}::uuid`];
  if (filter.service) conditions.push(Prisma.sql`t.service = ${filter.service}::"Service"`);
  if (filter.status) conditions.push(Prisma.sql`t.status = ${filter.status}::"TransactionStatus"`);
  if (filter.from) conditions.push(Prisma.sql`t.created_at >= (${filter.from}::date::timestamp AT TIME ZONE 'Africa/Lagos')`);
  if (filter.to) conditions.push(Prisma.sql`t.created_at < ((${filter.to}::date + 1)::timestamp AT TIME ZONE 'Africa/Lagos')`);
  if (filter.search) {
    const prefix = likePrefix(filter.search);
    const phone = localPhonePrefix(filter.search);
    conditions.push(
      phone
        ? Prisma.sql`(t.client_reference LIKE ${prefix} OR t.recipient LIKE ${prefix} OR t.recipient LIKE ${likePrefix(phone)})`
        : Prisma.sql`(t.client_reference LIKE ${prefix} OR t.recipient LIKE ${prefix})`,
    );
  }
  return Prisma.join(conditions, " AND ");
}

export interface Cursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(row: Pick<PurchaseRow, "created_at" | "id">): string {
  return Buffer.from(`${row.created_at.toISOString()}|${row.id}`).toString("base64url");
}

export function decodeCursor(cursor: string): Cursor {
  const [createdAt, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const instant = new Date(createdAt ?? "");
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(instant.getTime())) {
    throw invalidInput([{ name: "cursor", reason: "is not a cursor this page returned" }]);
  }
  return { createdAt: instant, id };
}

/**
 * One keyset page, newest first, with the extra columns the portal shows. Extra `select` columns
 * (e.g. the CSV's Lagos time) are appended to the row.
 */
export async function selectTransactionPage<Extra extends object = object>(
  where: Prisma.Sql,
  options: { limit: number; after?: Cursor | null; extraColumns?: Prisma.Sql },
): Promise<(PortalTransactionRow & Extra)[]> {
  const after = options.after
    ? Prisma.sql`AND (t.created_at, t.id) < (${options.after.createdAt}::timestamptz, ${options.after.id}::uuid)`
    : Prisma.empty;
  const extra = options.extraColumns ? Prisma.sql`, ${options.extraColumns}` : Prisma.empty;
  return db.$queryRaw<(PortalTransactionRow & Extra)[]>`
    SELECT t.*, k.name AS api_key_name, u.email AS user_email ${extra}
    FROM transactions t
    LEFT JOIN api_keys k ON k.id = t.api_key_id
    LEFT JOIN users u ON u.id = t.user_id
    WHERE ${where} ${after}
    ORDER BY t.created_at DESC, t.id DESC
    LIMIT ${options.limit}`;
}
