/**
 * Which account an actor acts on: decided here and nowhere else, and put by the service straight
 * into its `where` (documenso's delete-team.ts), never left to a transport.
 *
 * - An account's users and API keys act on their own account only. Naming another one is "not found",
 *   never "forbidden", so other tenants' ids cannot be probed.
 * - Operators (portal operators, the CLI, the service itself) have no account of their own: they
 *   reach every account and name the one they mean. Where they name none, the service says why.
 *
 * A user's role and account agree by a CHECK constraint (operators have none, everyone else one),
 * so "not an operator" always comes with an account here.
 */
import { Prisma } from "~/generated/prisma/client";
import { isOperator, type Actor } from "~/server/auth/actor";
import { AppError, type ErrorName, type FieldProblem } from "~/server/errors";

/** The actor's own account; null for operators, the CLI and the system. */
export function ownAccountId(actor: Actor): string | null {
  return actor.kind === "user" || actor.kind === "api-key" ? actor.accountId : null;
}

/** What an operator who named no account is told; built only when it is thrown. */
export interface UnnamedAccount {
  code: ErrorName;
  message: string;
  fieldErrors?: FieldProblem[];
}

const NO_SUCH_ACCOUNT: UnnamedAccount = { code: "account.not_found", message: "No such account." };

/** For the account-bound reads of the Buy pages, which operators have no use for. */
export const OPERATORS_DO_NOT_BUY: UnnamedAccount = {
  code: "forbidden",
  message: "Operators do not buy. Purchases are made by a reseller account's owner or staff.",
};

/**
 * The one account an action is about. Account users and API keys: their own (naming another is not
 * found; naming none means their own). Operators: the account they name, or `unnamed` when they name
 * none. An operator's named account is not looked up here: the service's own query finds it or not.
 */
export function actingAccountId(actor: Actor, named: string | null | undefined, unnamed: UnnamedAccount = NO_SUCH_ACCOUNT): string {
  if (isOperator(actor)) {
    if (!named) throw new AppError(unnamed.code, unnamed.message, unnamed.fieldErrors);
    return named;
  }
  const own = ownAccountId(actor);
  if (!own || (named && named !== own)) throw new AppError(NO_SUCH_ACCOUNT.code, NO_SUCH_ACCOUNT.message);
  return own;
}

/**
 * The `where` of a look-up by id (a key, a user): every account for operators, the actor's own
 * otherwise, so a row of another account is simply not found.
 */
export function accountWhere(actor: Actor): { accountId?: string | { in: string[] } } {
  if (isOperator(actor)) return {};
  const own = ownAccountId(actor);
  return { accountId: own ?? { in: [] } };
}

/** `accountWhere` for raw SQL: `column` is the account_id column of the row looked up. */
export function accountCondition(actor: Actor, column: Prisma.Sql): Prisma.Sql {
  if (isOperator(actor)) return Prisma.sql`TRUE`;
  const own = ownAccountId(actor);
  return own ? Prisma.sql`${column} = ${own}::uuid` : Prisma.sql`FALSE`;
}
