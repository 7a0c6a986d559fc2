/**
 * Adds an address or CIDR range to an account's allowlist (operators, at the holder's request).
 */
import type { Actor } from "~/server/auth/actor";
import { assertOperator } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { isUniqueViolation } from "~/server/db/is-unique-violation";
import { AppError } from "~/server/errors";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { parseInput } from "~/server/validation/parse-input";
import { allowlistEntryInput, type AllowlistEntryInput } from "~/schemas/operator";
import { normalizeAllowlistEntry } from "./normalize-allowlist-entry";
import { recordAllowlistChange } from "./record-allowlist-change";

function entryExists(cidr: string): AppError {
  return new AppError("allowlist.entry_exists", `${cidr} is already on this account's allowlist.`);
}

export async function addAllowlistEntry(actor: Actor, input: AllowlistEntryInput, tx?: DbClient): Promise<{ entries: string[] }> {
  assertOperator(actor);
  const { accountId, entry } = parseInput(allowlistEntryInput, input);
  const cidr = normalizeAllowlistEntry(entry);

  try {
    return await inTransaction(tx, async (client) => {
      await findAccountOrThrow(client, accountId);
      const existing = await client.allowlistEntry.findUnique({ where: { accountId_cidr: { accountId, cidr } } });
      if (existing) throw entryExists(cidr);
      await client.allowlistEntry.create({ data: { accountId, cidr } });
      return recordAllowlistChange(client, actor, { action: "allowlist.add", accountId, cidr, input: entry });
    });
  } catch (error) {
    if (isUniqueViolation(error, ["account_id", "cidr"])) throw entryExists(cidr);
    throw error;
  }
}
