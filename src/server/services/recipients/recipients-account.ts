/**
 * Whose address book: saved recipients belong to an account and are used by its owner and staff on the
 * Buy forms. Operators (who buy nothing) and API keys (whose servers keep their own) get forbidden.
 */
import type { Actor } from "~/server/auth/actor";
import { AppError } from "~/server/errors";

export function recipientsAccountId(actor: Actor): { accountId: string; livemode: boolean } {
  if (actor.kind !== "user" || actor.role === "OPERATOR" || !actor.accountId) {
    throw new AppError("forbidden", "Saved recipients belong to an account's owner and staff, on the portal's Buy pages.");
  }
  return { accountId: actor.accountId, livemode: actor.livemode !== false };
}
