/**
 * What an account's people need to know about its IP allowlist: the entries, whether the account must
 * have one (and whether that is the 2026-07-01 policy rather than an opt-in), and whether its API keys
 * are unusable right now because a list is required and empty (the REST gate answers ip.not_configured).
 * Readable by the account's OWNER and STAFF and by operators; changes go through the operator services.
 *
 * An owner or staff user is also told the address their own request came from, as the server sees it
 * (the trusted-proxy rules of src/server/ip, the same address the REST gate checks), and which entry,
 * if any, lets it in: whoever is asked "which address do we add?" can read it here when they call from
 * the server, or see at once that their office is not the server.
 */
import { actingAccountId } from "~/server/auth/account-scope";
import type { Actor } from "~/server/auth/actor";
import { db, type DbClient } from "~/server/db";
import { AppError } from "~/server/errors";
import { cidrContains, parseAddress, parseCidr } from "~/server/ip/address";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { parseInput } from "~/server/validation/parse-input";
import { accountScopeInput, type AccountScopeInput } from "~/schemas/account-admin";
import { isAllowlistRequired } from "./allowlist-policy";
import { readAllowlist } from "./read-allowlist";

export interface AllowlistStatus {
  /** Normalised CIDRs, IPv4 before IPv6 (see readAllowlist). */
  entries: string[];
  required: boolean;
  /** Required because the account was created on or after the cutoff; otherwise any requirement is an opt-in. */
  requiredByPolicy: boolean;
  /** Required and empty: every API request of the account is refused with ip.not_configured. */
  apiBlocked: boolean;
  /** The address the viewer's own request came from, and the entry that admits it (null: none); null for operators. */
  yourAddress: { address: string; allowedBy: string | null } | null;
}

function yourAddress(actor: Actor, entries: string[]): AllowlistStatus["yourAddress"] {
  if (actor.kind !== "user" || actor.role === "OPERATOR" || !actor.sourceIp) return null;
  const address = parseAddress(actor.sourceIp);
  if (!address) return null;
  const allowedBy =
    entries.find((entry) => {
      const range = parseCidr(entry);
      return range !== null && cidrContains(range, address);
    }) ?? null;
  return { address: address.toString(), allowedBy };
}

export async function getAllowlistStatus(actor: Actor, input: AccountScopeInput, client: DbClient = db): Promise<AllowlistStatus> {
  const named = parseInput(accountScopeInput, input).accountId;
  if (actor.kind === "api-key") throw new AppError("forbidden", "This is not available with an API key.");
  const accountId = actingAccountId(actor, named);
  const account = await findAccountOrThrow(client, accountId);

  const entries = await readAllowlist(client, accountId);
  const required = isAllowlistRequired(account);
  const requiredByPolicy = isAllowlistRequired({ createdAt: account.createdAt, allowlistOptIn: false });
  return { entries, required, requiredByPolicy, apiBlocked: required && entries.length === 0, yourAddress: yourAddress(actor, entries) };
}
