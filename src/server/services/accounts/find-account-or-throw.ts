/**
 * Loads an account by id for a service that has already checked the caller's rights. A malformed id
 * is answered like an unknown one, before it reaches the database (where it would be a cast error).
 */
import type { Account } from "~/generated/prisma/client";
import type { DbClient } from "~/server/db";
import { AppError } from "~/server/errors";
import { isUuid } from "~/schemas/fields";

export async function findAccountOrThrow(client: DbClient, accountId: string): Promise<Account> {
  const account = isUuid(accountId) ? await client.account.findUnique({ where: { id: accountId } }) : null;
  if (!account) throw new AppError("account.not_found", "No such account.");
  return account;
}
