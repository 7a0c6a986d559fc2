/**
 * Opens a reseller account together with its (empty) wallet, so every account can be funded and charged from
 * the moment it exists, and its test-mode wallet with play money (docs/integrating.md "Test mode"). Operators
 * only. The created-at date is settable because it decides whether the account must have an IP allowlist
 * (accounts migrated from elsewhere keep theirs).
 */
import type { Actor } from "~/server/auth/actor";
import { assertOperator } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { openTestWallet } from "~/server/services/wallet/test-wallet";
import { parseInput } from "~/server/validation/parse-input";
import { createAccountInput, type CreateAccountInput } from "~/schemas/operator";

export async function createAccount(actor: Actor, input: CreateAccountInput, tx?: DbClient): Promise<{ accountId: string }> {
  assertOperator(actor);
  const { name, createdAt, onProductCatalog } = parseInput(createAccountInput, input);
  return inTransaction(tx, async (client) => {
    const account = await client.account.create({
      data: { name, onProductCatalog, ...(createdAt ? { createdAt } : {}), wallets: { create: { livemode: true, balance: 0n } } },
    });
    await openTestWallet(client, account.id);
    await recordAuditEntry(client, actor, {
      action: "account.create",
      accountId: account.id,
      targetType: "account",
      targetId: account.id,
      details: { name, createdAt: account.createdAt.toISOString(), onProductCatalog },
    });
    return { accountId: account.id };
  });
}
