/**
 * Reading transactions: the one module the REST list and look-up, the portal's pages and export, the
 * dashboard and the invoices take their transaction SQL from. Here, once each: the Lagos calendar in
 * SQL, what counts as spend, the portal's filter, the keyset cursor, the page query newest first (with
 * where a purchase came from: channel, source address, API key or user), and the invoice month's rows
 * from a server-side cursor. Services put the account (account-scope.ts) into the `where` they pass.
 *
 * Raw SQL rather than Prisma's query builder: keyset comparisons on (created_at, id), Lagos-calendar
 * arithmetic and aggregates with FILTER are plain SQL and not expressible (or not efficiently) in
 * Prisma. Everything is built from fixed fragments with bound values only.
 */
import { Prisma } from "~/generated/prisma/client";
import type { TransactionFilter } from "~/schemas/portal-transactions";
import type { UnnamedAccount } from "~/server/auth/account-scope";
import { db } from "~/server/db";
import { streamRows } from "~/server/db/query-stream";
import { toTransactionView, type PurchaseRow, type TransactionView } from "~/server/services/purchases/transaction-view";
import { invalidInput } from "~/server/validation/parse-input";
import { isUuid } from "~/schemas/fields";
import { MOBILE_NETWORK_DIGITS, phoneDigits } from "~/schemas/purchases";

/**
 * A Lagos wall-clock time (a date or timestamp: a bound "2026-05-31" or an SQL expression) as the
 * instant it happens. Africa/Lagos is the service's calendar (billing months, days, "from"/"to").
 */
export function lagosInstant(local: string | Prisma.Sql): Prisma.Sql {
  return Prisma.sql`((${local})::timestamp AT TIME ZONE 'Africa/Lagos')`;
}

/** A list's `from`/`to` (REST) as SQL: a bare date is Lagos midnight, a date-time the instant it names. */
export function listBound(value: string): Prisma.Sql {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? lagosInstant(Prisma.sql`${value}::date`) : Prisma.sql`${new Date(value)}::timestamptz`;
}

/** An instant (`timestamptz` SQL, e.g. `t.created_at`) as Lagos wall-clock time, for to_char, ::date, date_trunc. */
export function lagosLocal(instant: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(${instant} AT TIME ZONE 'Africa/Lagos')`;
}

/** "2026-11-21 02:41:29": an instant as a person in Lagos reads it (CSV cells). */
export function lagosDateTimeText(instant: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`to_char(${lagosLocal(instant)}, 'YYYY-MM-DD HH24:MI:SS')`;
}

/**
 * What counts as spend (dashboard, invoice totals and months): what the wallet stays charged for,
 * successful and pending purchases. A failed purchase's debit was reversed. Unqualified `status`, so
 * it reads in any query over `transactions` with or without an alias.
 */
export const IS_SPEND = Prisma.sql`status IN ('SUCCESSFUL', 'PENDING')`;

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

/** A transaction of any account, as operators' lists show it: with the account it belongs to. */
export interface AccountTransactionView extends PortalTransactionView {
  accountId: string;
  accountName: string;
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

/** LIKE's own wildcards escaped, so a search is always matched as typed. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** `abc` → `abc%`: the start of a value. */
function likePrefix(text: string): string {
  return `${escapeLike(text)}%`;
}

/** `abc` → `%abc%`: any part of a value. */
function likeContains(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * The fewest characters matched anywhere inside a recipient or a customer's name: the trigram index
 * behind those matches (transactions_search_trgm_idx) needs three to narrow anything, and with fewer
 * it would read all of itself. Shorter searches match the start of a value only.
 */
export const CONTAINS_SEARCH_MIN = 3;

const PHONE_LIKE = /^\+?[\d\s\u00a0\-.()]+$/;

/**
 * What a stored recipient can contain: a phone number is stored as its 11 local digits
 * (docs/decisions/012-phone-numbers.md), a smartcard, meter or account number as letters, digits and
 * dashes (customerId in src/schemas/purchases.ts). A form with anything else cannot be part of one.
 */
const STORED_RECIPIENT_CHARACTERS = /^[A-Za-z0-9-]+$/;

/**
 * The ways a recipient may be searched for: as typed, and a phone number as it is stored (the local
 * 0803… form, without the spaces and hyphens people type: "+234 803 123" finds 0803123…). Digits that
 * start with 234 are read as an international number only when they say so (+234, 00234) or are as
 * long as one: "2345" may be the end of a number. A number written internationally with its + or 00
 * is searched in its local form only, as it is stored; and a form that no stored recipient could
 * contain (a space, a +) is not searched: each form is one more scan of the trigram index.
 */
export function recipientSearchForms(search: string): string[] {
  const forms = new Set([search]);
  if (PHONE_LIKE.test(search)) {
    const digits = phoneDigits(search);
    const bare = digits.replace(/^\+/, "");
    const marked = /^(?:\+|00)2340?(\d+)$/.exec(digits);
    const international = marked ?? (bare.length >= 12 ? /^2340?(\d+)$/.exec(bare) : null);
    if (marked) forms.clear();
    else forms.add(bare);
    if (international?.[1]) forms.add(`0${international[1]}`);
  }
  return [...forms].filter((form) => STORED_RECIPIENT_CHARACTERS.test(form));
}

/**
 * Everything a person may have in hand about a purchase, as a WHERE condition on alias `t`: the start
 * of its client or provider reference (as typed, and in capitals: "sbx-…" finds "SBX-…"), any part of
 * its recipient (a phone number written any way, a meter or smartcard number, the last digits) or of
 * its customer's name (any case), or its whole transaction id. Each arm has an index to itself
 * (docs/architecture.md "How the portal searches"), so the planner ORs their bitmaps rather than
 * reading an account, or the table, row by row. Below CONTAINS_SEARCH_MIN characters only the starts
 * of references and recipients are matched.
 */
export function searchCondition(search: string): Prisma.Sql {
  const arms: Prisma.Sql[] = [];
  for (const reference of new Set([search, search.toUpperCase()])) {
    arms.push(Prisma.sql`t.client_reference LIKE ${likePrefix(reference)}`, providerReferenceArm(reference));
  }
  for (const form of recipientSearchForms(search)) {
    arms.push(form.length >= CONTAINS_SEARCH_MIN ? recipientContainsArm(form) : Prisma.sql`t.recipient LIKE ${likePrefix(form)}`);
  }
  if (search.length >= CONTAINS_SEARCH_MIN) arms.push(Prisma.sql`t.customer_name ILIKE ${likeContains(search)}`);
  if (isUuid(search)) arms.push(Prisma.sql`t.id = ${search.toLowerCase()}::uuid`);
  return Prisma.sql`(${Prisma.join(arms, " OR ")})`;
}

/** A mobile number's first digits as stored: 0, then the network's. */
const NETWORK_START = new RegExp(`^0${MOBILE_NETWORK_DIGITS}`);

/**
 * Any part of a recipient, through the trigram index. The trigrams of a network's first digits ("080",
 * "803", "090", "901") are in most of the table's rows, and the index reads every entry of each trigram
 * it is asked for: at 10M, the search "09013117" read 1,485 pages of the index, most of them for those
 * two (docs/performance.md "Performance at volume"). So a number starting as a mobile number is looked up
 * by what follows its 0 and network digit, and the rows found are then checked for the whole of it
 * (strpos: an exact, case-sensitive substring, as LIKE; a form holds no LIKE wildcard). Four characters
 * at least are left to narrow on.
 */
function recipientContainsArm(form: string): Prisma.Sql {
  if (NETWORK_START.test(form) && form.length >= 6) {
    return Prisma.sql`(t.recipient LIKE ${likeContains(form.slice(2))} AND strpos(t.recipient, ${form}) > 0)`;
  }
  return Prisma.sql`t.recipient LIKE ${likeContains(form)}`;
}

/**
 * The start of a provider reference, through its vend attempts' index (settle_purchase writes the
 * reference into transactions too, but an index there would make every settlement write into it:
 * docs/architecture.md "Why the queues are tables"). An ARRAY of an uncorrelated subquery is computed
 * once (an InitPlan), so the purchases it names are fetched by primary key and the planner can still OR
 * this arm's bitmap with the others'.
 */
function providerReferenceArm(reference: string): Prisma.Sql {
  return Prisma.sql`t.id = ANY (ARRAY(SELECT a.transaction_id FROM vend_attempts a WHERE a.provider_reference LIKE ${likePrefix(reference)}))`;
}

/**
 * The pending purchases, through the reconciler's queue (a row exactly while a purchase is pending):
 * transactions has no index on status, so a pending filter across accounts would otherwise read them all.
 */
function pendingCondition(): Prisma.Sql {
  return Prisma.sql`t.status = 'PENDING' AND t.id = ANY (ARRAY(SELECT q.transaction_id FROM purchase_requeries q))`;
}

/** One account's transactions of one mode (docs/integrating.md "Test mode"), as a WHERE condition on alias `t`. */
export function accountModeCondition(accountId: string, livemode: boolean): Prisma.Sql {
  return Prisma.sql`t.account_id = ${accountId}::uuid AND t.livemode = ${livemode}`;
}

/**
 * The filter as a WHERE clause (table alias `t`), over the transactions of one account and mode, or
 * (`accountId` null: operators searching across accounts) of every account in that mode. Dates are
 * whole Lagos days, both ends inclusive.
 */
export function filterCondition(accountId: string | null, livemode: boolean, filter: Omit<TransactionFilter, "accountId">): Prisma.Sql {
  const conditions: Prisma.Sql[] = [accountId === null ? Prisma.sql`t.livemode = ${livemode}` : accountModeCondition(accountId, livemode)];
  if (filter.service) conditions.push(Prisma.sql`t.service = ${filter.service}::"Service"`);
  if (filter.status === "PENDING") conditions.push(pendingCondition());
  else if (filter.status) conditions.push(Prisma.sql`t.status = ${filter.status}::"TransactionStatus"`);
  if (filter.from) conditions.push(Prisma.sql`t.created_at >= ${lagosInstant(Prisma.sql`${filter.from}::date`)}`);
  if (filter.to) conditions.push(Prisma.sql`t.created_at < ${lagosInstant(Prisma.sql`${filter.to}::date + 1`)}`);
  if (filter.search) conditions.push(searchCondition(filter.search));
  return Prisma.join(conditions, " AND ");
}

/**
 * The most rows a list counts: beyond it a list says "1,000+". Counting reads every match it counts,
 * row by row, so the cap bounds its cost on an account of millions whose filter matches one row in
 * twenty, or whose search is a whole network's prefix (docs/performance.md "Performance at volume").
 */
export const COUNT_CAP = 1_000;

export interface MatchCount {
  count: number;
  /** True when there are more than `count` (the cap). */
  more: boolean;
}

/** How many transactions match, counted up to COUNT_CAP. */
export async function countTransactions(where: Prisma.Sql): Promise<MatchCount> {
  const [row] = await db.$queryRaw<{ count: bigint }[]>`
    SELECT count(*) AS count FROM (SELECT 1 FROM transactions t WHERE ${where} LIMIT ${COUNT_CAP + 1}) matches`;
  const count = Number(row?.count ?? 0);
  return count > COUNT_CAP ? { count: COUNT_CAP, more: true } : { count, more: false };
}

export interface Cursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(row: Pick<PurchaseRow, "created_at" | "id">): string {
  return Buffer.from(`${row.created_at.toISOString()}|${row.id}`).toString("base64url");
}

/**
 * `whose`: how a bad cursor is explained ("this API", "this page"). `idShape`: what the ids of the
 * rows paged through look like (transactions' uuids by default; the webhook events' use it too).
 */
export function decodeCursor(cursor: string, whose = "this page", idShape = /^[0-9a-f-]{36}$/): Cursor {
  const [createdAt, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const instant = new Date(createdAt ?? "");
  if (!id || !idShape.test(id) || Number.isNaN(instant.getTime())) {
    throw invalidInput([{ name: "cursor", reason: `is not a cursor ${whose} returned` }]);
  }
  return { createdAt: instant, id };
}

/**
 * One keyset page, newest first, with the extra columns the portal shows. Extra `select` columns
 * (e.g. the CSV's Lagos time) are appended to the row; `withAccountName` adds `account_name`, for lists
 * of several accounts' transactions.
 */
export async function selectTransactionPage<Extra extends object = object>(
  where: Prisma.Sql,
  options: { limit: number; after?: Cursor | null; extraColumns?: Prisma.Sql; withAccountName?: boolean },
): Promise<(PortalTransactionRow & Extra)[]> {
  const after = options.after
    ? Prisma.sql`AND (t.created_at, t.id) < (${options.after.createdAt}::timestamptz, ${options.after.id}::uuid)`
    : Prisma.empty;
  const extra = options.extraColumns ? Prisma.sql`, ${options.extraColumns}` : Prisma.empty;
  const account = options.withAccountName
    ? { column: Prisma.sql`, a.name AS account_name`, join: Prisma.sql`JOIN accounts a ON a.id = t.account_id` }
    : { column: Prisma.empty, join: Prisma.empty };
  return db.$queryRaw<(PortalTransactionRow & Extra)[]>`
    SELECT t.*, k.name AS api_key_name, u.email AS user_email ${account.column} ${extra}
    FROM transactions t
    ${account.join}
    LEFT JOIN api_keys k ON k.id = t.api_key_id
    LEFT JOIN users u ON u.id = t.user_id
    WHERE ${where} ${after}
    ORDER BY t.created_at DESC, t.id DESC
    LIMIT ${options.limit}`;
}

/** The columns of an invoice CSV row, as pg returns them without Prisma (int8 and enums as text). */
export interface TransactionExportRow {
  id: string;
  lagos_time: string;
  client_reference: string;
  provider_reference: string | null;
  service: PurchaseRow["service"];
  product_name: string | null;
  plan_id: string | null;
  recipient: string;
  amount: string;
  /** `amount` when it counts as spend (IS_SPEND), else 0: what the wallet stays charged for. */
  charged: string;
  status: string;
  channel: string;
  source_ip: string;
  token: string | null;
  pins: PurchaseRow["pins"];
  units: string | null;
  bonus_token: string | null;
}

/**
 * An account's live transactions created in [from, to), oldest first, from a server-side cursor: a month
 * of a million rows in bounded memory (Prisma cannot stream). The query runs when the first row is read.
 */
export function streamTransactionRows(accountId: string, from: Date, to: Date): AsyncIterable<TransactionExportRow> {
  const statement = Prisma.sql`
    SELECT t.id, ${lagosDateTimeText(Prisma.sql`t.created_at`)} AS lagos_time, t.client_reference, t.provider_reference,
           t.service, t.product_name, t.plan_id, t.recipient, t.amount::text AS amount,
           (CASE WHEN ${IS_SPEND} THEN t.amount ELSE 0 END)::text AS charged, t.status::text AS status,
           t.channel::text AS channel, t.source_ip, t.token, t.pins, t.units, t.bonus_token
    FROM transactions t
    WHERE t.account_id = ${accountId}::uuid AND t.livemode AND t.created_at >= ${from} AND t.created_at < ${to}
    ORDER BY t.created_at, t.id`;
  return streamRows<TransactionExportRow>(statement.text, statement.values);
}
