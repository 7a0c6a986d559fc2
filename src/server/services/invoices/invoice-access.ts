import { actingAccountId } from "~/server/auth/account-scope";
import { assertOwnerOrOperator, type Actor } from "~/server/auth/actor";

/**
 * The account whose invoices are asked for (`named`: an operator's choice; account holders get their
 * own). Invoices are for the account holder: its API keys, its OWNER, and operators; not its STAFF.
 */
export function invoiceAccountId(actor: Actor, named: string | undefined): string {
  const accountId = actingAccountId(actor, named, { code: "account.not_found", message: "Choose an account to see its invoices." });
  if (actor.kind !== "api-key") assertOwnerOrOperator(actor, accountId);
  return accountId;
}
