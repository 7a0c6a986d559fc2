/**
 * The account a read for its owner or an operator is about (its keys, its people): the input checked,
 * the caller allowed (the account's OWNER, or an operator), and the account known to exist, in that
 * order, so a caller without the right learns nothing about which accounts exist.
 */
import type { Actor } from "~/server/auth/actor";
import { assertOwnerOrOperator } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { parseInput } from "~/server/validation/parse-input";
import { accountScopeInput, type AccountScopeInput } from "~/schemas/account-admin";

export async function ownerScopedAccountId(actor: Actor, input: AccountScopeInput, client: DbClient): Promise<string> {
  const { accountId } = parseInput(accountScopeInput, input);
  assertOwnerOrOperator(actor, accountId);
  await findAccountOrThrow(client, accountId);
  return accountId;
}
