/**
 * Removes an address or CIDR range from an account's allowlist (operators, at the holder's request).
 * The entry is matched in its normalised form, so it can be named the way it was added.
 */
import type { Actor } from "~/server/auth/actor";
import { assertOperator } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { AppError } from "~/server/errors";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { parseInput } from "~/server/validation/parse-input";
import { allowlistEntryInput, type AllowlistEntryInput } from "~/schemas/operator";
import { normalizeAllowlistEntry } from "./normalize-allowlist-entry";
import { recordAllowlistChange } from "./record-allowlist-change";

export async function removeAllowlistEntry(actor: Actor, input: AllowlistEntryInput, tx?: DbClient): Promise<{ entries: string[] }> {
  assertOperator(actor);
  const { accountId, entry } = parseInput(allowlistEntryInput, input);
  const cidr = normalizeAllowlistEntry(entry);

  return inTransaction(tx, async (client) => {
    await findAccountOrThrow(client, accountId);
    const { count } = await client.allowlistEntry.deleteMany({ where: { accountId, cidr } });
    if (count === 0) throw new AppError("allowlist.entry_not_found", `${cidr} is not on this account's allowlist.`);
    return recordAllowlistChange(client, actor, { action: "allowlist.remove", accountId, cidr, input: entry });
  });
}
