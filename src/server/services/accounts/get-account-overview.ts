/**
 * One account as the operator console's account page shows it: its settings, its wallet and the most
 * recent ledger entries (newest first, each with the balance after it). Operators only; an unknown or
 * malformed id is "account.not_found".
 */
import type { LedgerKind } from "~/generated/prisma/enums";
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { isAllowlistRequired } from "~/server/services/allowlist/allowlist-policy";
import { parseInput } from "~/server/validation/parse-input";
import { getAccountOverviewInput, type GetAccountOverviewInput } from "~/schemas/operator-console";

export interface LedgerEntryView {
  id: string;
  kind: LedgerKind;
  /** Signed kobo: positive credits the wallet. */
  amount: bigint;
  balanceAfter: bigint;
  createdAt: Date;
  fundingReference: string | null;
  note: string | null;
  /** The purchase a PURCHASE or REVERSAL entry belongs to. */
  clientReference: string | null;
  /** Who recorded a funding from the portal; null for the CLI, the system and purchases by API key. */
  userEmail: string | null;
}

export interface AccountOverview {
  id: string;
  name: string;
  createdAt: Date;
  balance: bigint;
  currency: string;
  onProductCatalog: boolean;
  allowlistOptIn: boolean;
  allowlistRequired: boolean;
  /** Created on or after the cutoff: the allowlist cannot be switched off. */
  allowlistRequiredByPolicy: boolean;
  recentLedger: LedgerEntryView[];
}

export async function getAccountOverview(actor: Actor, input: GetAccountOverviewInput): Promise<AccountOverview> {
  assertOperator(actor);
  const { accountId, ledgerLimit } = parseInput(getAccountOverviewInput, input);
  const account = await findAccountOrThrow(db, accountId);

  const [wallet, ledger] = await Promise.all([
    db.wallet.findUnique({ where: { accountId_livemode: { accountId, livemode: true } }, select: { balance: true, currency: true } }),
    db.ledgerEntry.findMany({
      where: { accountId, livemode: true },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: ledgerLimit,
      include: { transaction: { select: { clientReference: true } }, user: { select: { email: true } } },
    }),
  ]);

  return {
    id: account.id,
    name: account.name,
    createdAt: account.createdAt,
    balance: wallet?.balance ?? 0n,
    currency: wallet?.currency ?? "NGN",
    onProductCatalog: account.onProductCatalog,
    allowlistOptIn: account.allowlistOptIn,
    allowlistRequired: isAllowlistRequired(account),
    allowlistRequiredByPolicy: isAllowlistRequired({ createdAt: account.createdAt, allowlistOptIn: false }),
    recentLedger: ledger.map((entry) => ({
      id: entry.id.toString(),
      kind: entry.kind,
      amount: entry.amount,
      balanceAfter: entry.balanceAfter,
      createdAt: entry.createdAt,
      fundingReference: entry.fundingReference,
      note: entry.note,
      clientReference: entry.transaction?.clientReference ?? null,
      userEmail: entry.user?.email ?? null,
    })),
  };
}
