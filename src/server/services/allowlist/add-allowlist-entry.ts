/**
 * Adds an address or CIDR range to an account's allowlist (operators, at the holder's request). An
 * entry that an entry already on the list covers (10.0.0.7 beside 10.0.0.0/8) is refused by name: it
 * would change nothing, and an operator who thinks it did would be misled. A wider range that covers
 * entries already there is accepted (the narrower ones stay until removed).
 */
import type { Actor } from "~/server/auth/actor";
import { assertOperator } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { isUniqueViolation } from "~/server/db/is-unique-violation";
import { AppError } from "~/server/errors";
import { cidrContains, parseCidr } from "~/server/ip/address";
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
      const covering = await findCoveringEntry(client, accountId, cidr);
      if (covering) {
        throw new AppError(
          "allowlist.entry_exists",
          `${cidr} is already allowed: it is inside ${covering}, which is on this account's allowlist.`,
        );
      }
      await client.allowlistEntry.create({ data: { accountId, cidr } });
      return recordAllowlistChange(client, actor, { action: "allowlist.add", accountId, cidr, input: entry });
    });
  } catch (error) {
    if (isUniqueViolation(error, ["account_id", "cidr"])) throw entryExists(cidr);
    throw error;
  }
}

/** An entry of the account's that holds every address of `cidr` (a wider range, of the same family), if any. */
async function findCoveringEntry(client: DbClient, accountId: string, cidr: string): Promise<string | null> {
  const range = parseCidr(cidr);
  if (!range) return null;
  const rows = await client.allowlistEntry.findMany({ where: { accountId }, select: { cidr: true } });
  for (const row of rows) {
    const entry = parseCidr(row.cidr);
    if (entry && entry[1] < range[1] && cidrContains(entry, range[0])) return row.cidr;
  }
  return null;
}
