import { assertAccountAccess, assertOwnerOrOperator, type Actor } from "~/server/auth/actor";

/** Invoices are for the account holder: its API keys, its OWNER, and operators; not its STAFF. */
export function assertInvoiceAccess(actor: Actor, accountId: string): void {
  if (actor.kind === "api-key") assertAccountAccess(actor, accountId);
  else assertOwnerOrOperator(actor, accountId);
}
