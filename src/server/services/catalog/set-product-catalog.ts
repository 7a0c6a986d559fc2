/**
 * Puts an account on the product catalog or takes it off: accounts on it see the structured plan
 * fields (productId, sizeMb, validityDays, isUnlimited, class) in the plan list. Operators only.
 */
import type { Actor } from "~/server/auth/actor";
import { assertOperator } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { updateAccountSettings } from "~/server/services/accounts/update-account-settings";
import { parseInput } from "~/server/validation/parse-input";
import { setProductCatalogInput, type SetProductCatalogInput } from "~/schemas/operator";

export async function setProductCatalog(
  actor: Actor,
  input: SetProductCatalogInput,
  tx?: DbClient,
): Promise<{ onProductCatalog: boolean }> {
  assertOperator(actor);
  const { accountId, on } = parseInput(setProductCatalogInput, input);

  return inTransaction(tx, async (client) => {
    await findAccountOrThrow(client, accountId);
    const account = await updateAccountSettings(client, actor, accountId, "catalog.set", { onProductCatalog: on });
    return { onProductCatalog: account.onProductCatalog };
  });
}
