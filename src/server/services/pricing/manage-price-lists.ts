/**
 * Price lists (issue 16): a named set of prices ("Standard", "Gold") that any number of accounts buy
 * at, so a hundred resellers on the same terms are one edit, not a hundred. An account's own price
 * still wins over its list's (docs/operating.md "Pricing"). A list is never deleted: accounts and the audit log
 * refer to it; an unused one is simply assigned to no one.
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { isUniqueViolation } from "~/server/db/is-unique-violation";
import { AppError } from "~/server/errors";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { parseInput } from "~/server/validation/parse-input";
import { isUuid } from "~/schemas/fields";
import {
  assignPriceListInput,
  createPriceListInput,
  renamePriceListInput,
  setPriceListPriceInput,
  type AssignPriceListInput,
  type CreatePriceListInput,
  type RenamePriceListInput,
  type SetPriceListPriceInput,
} from "~/schemas/catalog-admin";
import { unchanged, writePrice, type PriceWritten } from "./priced-item";

export interface PriceListSummary {
  id: string;
  name: string;
}

export async function createPriceList(actor: Actor, input: CreatePriceListInput, tx?: DbClient): Promise<PriceListSummary> {
  assertOperator(actor);
  const { name } = parseInput(createPriceListInput, input);
  return inTransaction(tx, async (client) => {
    const list = await nameOrTaken(name, () => client.priceList.create({ data: { name }, select: { id: true, name: true } }));
    await recordAuditEntry(client, actor, { action: "price_list.created", targetType: "price_list", targetId: list.id, details: { name } });
    return list;
  });
}

export async function renamePriceList(actor: Actor, input: RenamePriceListInput, tx?: DbClient): Promise<PriceListSummary> {
  assertOperator(actor);
  const { priceListId, name } = parseInput(renamePriceListInput, input);
  return inTransaction(tx, async (client) => {
    const stored = await findPriceListOrThrow(client, priceListId);
    const list = await nameOrTaken(name, () =>
      client.priceList.update({ where: { id: stored.id }, data: { name }, select: { id: true, name: true } }),
    );
    await recordAuditEntry(client, actor, {
      action: "price_list.renamed",
      targetType: "price_list",
      targetId: list.id,
      details: { before: stored.name, after: name },
    });
    return list;
  });
}

export async function setPriceListPrice(actor: Actor, input: SetPriceListPriceInput, tx?: DbClient): Promise<PriceWritten> {
  assertOperator(actor);
  const { priceListId, ...change } = parseInput(setPriceListPriceInput, input);
  return inTransaction(tx, async (client) => {
    const list = await findPriceListOrThrow(client, priceListId);
    const written = await writePrice(client, { priceListId: list.id }, change);
    if (unchanged(written)) return written;
    await recordAuditEntry(client, actor, {
      action: "price_list.price_set",
      targetType: "price_list",
      targetId: list.id,
      details: { priceList: list.name, item: written.item, before: written.before, after: written.after },
    });
    return written;
  });
}

/** Puts an account on a price list, or (`priceListId: null`) takes it off its list. */
export async function assignPriceList(
  actor: Actor,
  input: AssignPriceListInput,
  tx?: DbClient,
): Promise<{ accountId: string; priceList: PriceListSummary | null }> {
  assertOperator(actor);
  const { accountId, priceListId } = parseInput(assignPriceListInput, input);
  return inTransaction(tx, async (client) => {
    const account = await findAccountOrThrow(client, accountId);
    const list = priceListId === null ? null : await findPriceListOrThrow(client, priceListId);
    await client.account.update({ where: { id: account.id }, data: { priceListId: list?.id ?? null } });
    await recordAuditEntry(client, actor, {
      action: "price_list.assigned",
      accountId,
      targetType: "account",
      targetId: accountId,
      details: { before: account.priceListId, after: list?.id ?? null, priceList: list?.name ?? null },
    });
    return { accountId, priceList: list };
  });
}

/** A list by id, or by its exact name (what an operator types at the command line). */
export async function findPriceListOrThrow(client: DbClient, idOrName: string): Promise<PriceListSummary> {
  const list = await client.priceList.findFirst({
    where: isUuid(idOrName) ? { OR: [{ id: idOrName }, { name: idOrName }] } : { name: idOrName },
    select: { id: true, name: true },
  });
  if (!list) throw new AppError("price_list.not_found", `No price list '${idOrName}'.`);
  return list;
}

async function nameOrTaken<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("price_list.name_taken", `A price list named '${name}' already exists.`);
    throw error;
  }
}
