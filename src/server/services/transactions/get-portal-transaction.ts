/**
 * One transaction for the portal's detail page, with where it came from. Scoped to the caller's
 * account (operators: any account): another tenant's id is "not found", exactly like an unknown one.
 */
import { z } from "zod";
import { Prisma } from "~/generated/prisma/client";
import { accountCondition } from "~/server/auth/account-scope";
import type { Actor } from "~/server/auth/actor";
import { AppError } from "~/server/errors";
import { parseInput } from "~/server/validation/parse-input";
import { selectTransactionPage, toPortalTransactionView, type PortalTransactionView } from "./transaction-reads";

export const getPortalTransactionInput = z.object({ id: z.string().max(100) });

export interface PortalTransactionDetail extends PortalTransactionView {
  accountId: string;
}

const NOT_FOUND = "No such transaction.";

export async function getPortalTransaction(actor: Actor, input: { id: string }): Promise<PortalTransactionDetail> {
  const { id } = parseInput(getPortalTransactionInput, input);
  // Anything that is not a UUID cannot be a transaction id; answer as for any unknown id.
  if (!z.uuid().safeParse(id).success) throw new AppError("transaction.not_found", NOT_FOUND);

  const scope = accountCondition(actor, Prisma.sql`t.account_id`);
  const [row] = await selectTransactionPage(Prisma.sql`t.id = ${id}::uuid AND ${scope}`, { limit: 1 });
  if (!row) throw new AppError("transaction.not_found", NOT_FOUND);
  return { ...toPortalTransactionView(row), accountId: row.account_id };
}
