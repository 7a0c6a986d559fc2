/**
 * The figures of a monthly invoice, computed in the database: ledger movements (opening balance,
 * funding, purchases, reversals, adjustments, closing balance), totals per service, and the summary of
 * the source addresses the account bought from. Opening + movements = closing by construction, since
 * both come from the same ledger.
 */
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { SERVICE_LABELS } from "~/schemas/portal-transactions";
import type { ServiceCode } from "~/schemas/services";
import { IS_SPEND } from "~/server/services/transactions/transaction-reads";
import { invoiceNumber, type BillingPeriod } from "./billing-period";
import { openInvoiceMonth } from "./invoice-access";

export interface InvoiceSummary {
  account: { id: string; name: string; createdAt: Date; contacts: { name: string | null; email: string }[] };
  period: BillingPeriod;
  invoiceNumber: string;
  /** The month is still open (the current Lagos month): its figures can still change. */
  provisional: boolean;
  openingBalance: bigint;
  funding: bigint;
  /** Debits of purchases made in the month (negative). */
  purchases: bigint;
  /** Reversals of failed purchases (positive). */
  reversals: bigint;
  adjustments: bigint;
  closingBalance: bigint;
  /** The month's fundings and adjustments, oldest first: the credits a holder reconciles with their bank. */
  credits: { at: Date; kind: "Funding" | "Adjustment"; reference: string | null; note: string | null; amount: bigint }[];
  /**
   * Purchases of the month by service (display names, as the portal shows them): `count` is every
   * purchase, failed ones included; `charged`/`amount` are those the wallet stays charged for
   * (IS_SPEND: successful and pending).
   */
  services: { service: string; count: number; failed: number; charged: number; amount: bigint }[];
  /** Where the purchases came from: one row per source address, the most used first, at most SOURCE_ADDRESSES_LISTED. */
  sourceAddresses: { address: string; count: number; amount: bigint; firstUse: Date; lastUse: Date }[];
  /** The addresses beyond those listed, added up (null when every address is listed). */
  otherAddresses: { addresses: number; count: number; amount: bigint; firstUse: Date; lastUse: Date } | null;
  /** Net amount charged for purchases of the month (not failed). */
  totalCharged: bigint;
  /** Every purchase of the month, failed ones included (the CSV's row count). */
  transactionCount: number;
  /** Purchases the wallet stays charged for (successful and pending). */
  chargedCount: number;
}

/** The PDF lists this many source addresses at most; the rest are added up in one row. */
export const SOURCE_ADDRESSES_LISTED = 100;

/** `accountId`: an operator's choice of account; account holders get their own. */
export async function getInvoiceSummary(
  actor: Actor,
  input: { accountId?: string; period: string },
  now: Date = new Date(),
): Promise<InvoiceSummary> {
  const { account, period } = await openInvoiceMonth(actor, input, now);
  const { start, end } = period;

  const [movements] = await db.$queryRaw<
    { opening: bigint | null; closing: bigint | null; funding: bigint; purchases: bigint; reversals: bigint; adjustments: bigint }[]
  >`
    SELECT
      (SELECT balance_after FROM ledger_entries WHERE account_id = ${account.id}::uuid AND livemode AND created_at < ${start} ORDER BY id DESC LIMIT 1) AS opening,
      (SELECT balance_after FROM ledger_entries WHERE account_id = ${account.id}::uuid AND livemode AND created_at < ${end} ORDER BY id DESC LIMIT 1) AS closing,
      COALESCE(sum(amount) FILTER (WHERE kind = 'FUNDING'), 0)::bigint AS funding,
      COALESCE(sum(amount) FILTER (WHERE kind = 'PURCHASE'), 0)::bigint AS purchases,
      COALESCE(sum(amount) FILTER (WHERE kind = 'REVERSAL'), 0)::bigint AS reversals,
      COALESCE(sum(amount) FILTER (WHERE kind = 'ADJUSTMENT'), 0)::bigint AS adjustments
    FROM ledger_entries
    WHERE account_id = ${account.id}::uuid AND livemode AND created_at >= ${start} AND created_at < ${end}`;

  const services = await db.$queryRaw<{ service: ServiceCode; count: bigint; failed: bigint; charged: bigint; amount: bigint }[]>`
    SELECT service, count(*)::bigint AS count, count(*) FILTER (WHERE status = 'FAILED')::bigint AS failed,
           count(*) FILTER (WHERE ${IS_SPEND})::bigint AS charged,
           COALESCE(sum(amount) FILTER (WHERE ${IS_SPEND}), 0)::bigint AS amount
    FROM transactions
    WHERE account_id = ${account.id}::uuid AND livemode AND created_at >= ${start} AND created_at < ${end}
    GROUP BY service ORDER BY service`;

  // The most used addresses, and the rest added up in one row: an account whose portal users bought from
  // 30,000 addresses in a month (mobile networks hand out a new one per session) made a PDF of hundreds
  // of pages that exhausted the server's memory (docs/performance.md "Performance at volume"). The CSV keeps every
  // purchase's address.
  const addresses = await db.$queryRaw<
    { address: string | null; addresses: bigint; count: bigint; amount: bigint; first_use: Date; last_use: Date }[]
  >`
    WITH by_address AS (
      SELECT source_ip AS address, count(*)::bigint AS count,
             COALESCE(sum(amount) FILTER (WHERE ${IS_SPEND}), 0)::bigint AS amount,
             min(created_at) AS first_use, max(created_at) AS last_use,
             row_number() OVER (ORDER BY count(*) DESC, source_ip) AS rank
      FROM transactions
      WHERE account_id = ${account.id}::uuid AND livemode AND created_at >= ${start} AND created_at < ${end}
      GROUP BY source_ip
    )
    SELECT address, 1::bigint AS addresses, count, amount, first_use, last_use
    FROM by_address WHERE rank <= ${SOURCE_ADDRESSES_LISTED}
    UNION ALL
    SELECT NULL, count(*)::bigint, sum(count)::bigint, sum(amount)::bigint, min(first_use), max(last_use)
    FROM by_address WHERE rank > ${SOURCE_ADDRESSES_LISTED}
    HAVING count(*) > 0
    ORDER BY 3 DESC, 1`;
  const others = addresses.find((row) => row.address === null);

  const credits = await db.ledgerEntry.findMany({
    where: { accountId: account.id, livemode: true, kind: { in: ["FUNDING", "ADJUSTMENT"] }, createdAt: { gte: start, lt: end } },
    orderBy: { id: "asc" },
    select: { createdAt: true, kind: true, fundingReference: true, note: true, amount: true },
  });
  const contacts = await db.user.findMany({
    where: { accountId: account.id, role: "OWNER", disabledAt: null },
    orderBy: { createdAt: "asc" },
    select: { name: true, email: true },
  });

  const opening = movements?.opening ?? 0n;
  return {
    account: { id: account.id, name: account.name, createdAt: account.createdAt, contacts },
    period,
    invoiceNumber: invoiceNumber(account.id, period.period),
    provisional: period.end > now,
    openingBalance: opening,
    funding: movements?.funding ?? 0n,
    purchases: movements?.purchases ?? 0n,
    reversals: movements?.reversals ?? 0n,
    adjustments: movements?.adjustments ?? 0n,
    closingBalance: movements?.closing ?? opening,
    credits: credits.map((entry) => ({
      at: entry.createdAt,
      kind: entry.kind === "FUNDING" ? "Funding" : "Adjustment",
      reference: entry.fundingReference,
      note: entry.note,
      amount: entry.amount,
    })),
    services: services.map((row) => ({
      service: SERVICE_LABELS[row.service],
      count: Number(row.count),
      failed: Number(row.failed),
      charged: Number(row.charged),
      amount: row.amount,
    })),
    sourceAddresses: addresses.flatMap((row) =>
      row.address === null
        ? []
        : [{ address: row.address, count: Number(row.count), amount: row.amount, firstUse: row.first_use, lastUse: row.last_use }],
    ),
    otherAddresses: others
      ? {
          addresses: Number(others.addresses),
          count: Number(others.count),
          amount: others.amount,
          firstUse: others.first_use,
          lastUse: others.last_use,
        }
      : null,
    totalCharged: services.reduce((sum, row) => sum + row.amount, 0n),
    transactionCount: services.reduce((sum, row) => sum + Number(row.count), 0),
    chargedCount: services.reduce((sum, row) => sum + Number(row.charged), 0),
  };
}
