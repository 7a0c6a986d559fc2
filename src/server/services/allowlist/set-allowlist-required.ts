/**
 * Switches allowlisting on or off for an account created before the policy cutoff (its opt-in).
 * Accounts created on or after the cutoff always require an allowlist; switching theirs off is refused.
 */
import type { Actor } from "~/server/auth/actor";
import { assertOperator } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { AppError } from "~/server/errors";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { updateAccountSettings } from "~/server/services/accounts/update-account-settings";
import { parseInput } from "~/server/validation/parse-input";
import { setAllowlistRequiredInput, type SetAllowlistRequiredInput } from "~/schemas/operator";
import { isAllowlistRequired } from "./allowlist-policy";

export async function setAllowlistRequired(actor: Actor, input: SetAllowlistRequiredInput, tx?: DbClient): Promise<{ required: boolean }> {
  assertOperator(actor);
  const { accountId, required } = parseInput(setAllowlistRequiredInput, input);

  return inTransaction(tx, async (client) => {
    const account = await findAccountOrThrow(client, accountId);
    if (!required && isAllowlistRequired({ createdAt: account.createdAt, allowlistOptIn: false })) {
      throw new AppError(
        "allowlist.required_by_policy",
        "Accounts created on or after 2026-07-01 always require an IP allowlist; it cannot be switched off.",
      );
    }
    const updated = await updateAccountSettings(client, actor, accountId, "allowlist.require", { allowlistOptIn: required });
    return { required: isAllowlistRequired(updated) };
  });
}
