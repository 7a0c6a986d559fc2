/**
 * One transaction for the portal's detail page, with where it came from. Scoped to the caller's
 * account (operators: any account): another tenant's id is "not found", exactly like an unknown one.
 */
import { z } from "zod";
import { Prisma } from "~/generated/prisma/client";
import { isOperator, type Actor } from "~/server/auth/actor";
import { AppError } from "~/server/errors";
import { parseInput } from "~/server/validation/parse-input";
import { selectTransactionPage, toPortalTransactionView, type PortalTransactionView } from "./portal-transaction-rows";

export const getPortalTransactionInput = z.object({ id: z.string().max(100) });

export interface PortalTransactionDetail extends PortalTransactionView {
  accountId: string;
}

const NOT_FOUND = "No such transaction.";

export async function getPortalTransaction(actor: Actor, input: { id: string }): Promise<PortalTransactionDetail> {
  const { id } = parseInput(getPortalTransactionInput, input);
  // Anything that is not a UUID cannot be a transaction id; answer as for any unknown id.
  if (!z.uuid().safeParse(id).success) throw new AppError("transaction.not_found", NOT_FOUND);

  const own = actor.kind === "user" || actor.kind === "api-key" ? actor.accountId : null;
  if (!isOperator(actor) && !own) throw new AppError("transaction.not_found", NOT_FOUND);
  const scope = isOperator(actor) ? Prisma.empty : Prisma.sql`AND t.account_id = ${own}::uuid`;

  const [row] = await selectTransactionPage(Prisma.sql`t.id = ${id}::uuid ${scope}`, { limit: 1 });
  if (!row) throw new AppError("transaction.not_found", NOT_FOUND);
  return { ...toPortalTransactionView(row), accountId: row.account_id };
}
