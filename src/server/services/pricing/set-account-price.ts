/** An operator sets (or removes) one account's own price for a data plan or a fixed-price bill product. */
import { assertOperator, type Actor } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { parseInput } from "~/server/validation/parse-input";
import { setAccountPriceInput, type SetAccountPriceInput } from "~/schemas/catalog-admin";
import { unchanged, writePrice, type PriceWritten } from "./priced-item";

export async function setAccountPrice(actor: Actor, input: SetAccountPriceInput, tx?: DbClient): Promise<PriceWritten> {
  assertOperator(actor);
  const { accountId, ...change } = parseInput(setAccountPriceInput, input);
  return inTransaction(tx, async (client) => {
    await findAccountOrThrow(client, accountId);
    const written = await writePrice(client, { accountId }, change);
    if (unchanged(written)) return written;
    await recordAuditEntry(client, actor, {
      action: "price.account_set",
      accountId,
      targetType: "planId" in written.item ? "plan" : "bill_product",
      targetId: "planId" in written.item ? written.item.planId : written.item.productId,
      details: { before: written.before, after: written.after },
    });
    return written;
  });
}
