/**
 * Who is calling a service function. Every service takes an Actor; tenant scoping and role checks
 * happen in the service layer through these helpers, never in a transport.
 */
import type { Role } from "~/generated/prisma/enums";
import { AppError } from "~/server/errors";

export type Actor =
  /** The operator command line: operator rights, identified by the OS user running it. */
  | { kind: "cli"; label: string }
  /** A signed-in portal user. Operators have accountId null. */
  | { kind: "user"; userId: string; email: string; role: Role; accountId: string | null; sourceIp: string | null }
  /** A reseller's server holding an API key. */
  | { kind: "api-key"; apiKeyId: string; accountId: string; sourceIp: string }
  /** The service itself (seeding, the reconciler). */
  | { kind: "system" };

export function isOperator(actor: Actor): boolean {
  return actor.kind === "cli" || actor.kind === "system" || (actor.kind === "user" && actor.role === "OPERATOR");
}

export function assertOperator(actor: Actor): void {
  if (!isOperator(actor)) throw new AppError("forbidden", "Only operators may do this.");
}

/**
 * Operators reach every account; anyone else only their own. A foreign account is reported as not
 * found rather than forbidden, so ids of other tenants cannot be probed.
 */
export function assertAccountAccess(actor: Actor, accountId: string): void {
  if (isOperator(actor)) return;
  const own = actor.kind === "user" || actor.kind === "api-key" ? actor.accountId : null;
  if (own !== accountId) throw new AppError("account.not_found", "No such account.");
}

export function assertOwnerOrOperator(actor: Actor, accountId: string): void {
  assertAccountAccess(actor, accountId);
  if (actor.kind === "user" && actor.role === "STAFF") throw new AppError("forbidden", "Only the account owner may do this.");
  if (actor.kind === "api-key") throw new AppError("forbidden", "This is not available with an API key.");
}
