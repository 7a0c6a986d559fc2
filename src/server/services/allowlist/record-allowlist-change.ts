/**
 * What adding and removing an allowlist entry both end with, inside their transaction: the audit entry
 * for the entry (as normalised, and as the operator typed it) and the account's list as it now stands.
 */
import type { Actor } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { readAllowlist } from "./read-allowlist";

export async function recordAllowlistChange(
  client: DbClient,
  actor: Actor,
  change: { action: "allowlist.add" | "allowlist.remove"; accountId: string; cidr: string; input: string },
): Promise<{ entries: string[] }> {
  const { action, accountId, cidr, input } = change;
  await recordAuditEntry(client, actor, {
    action,
    accountId,
    targetType: "allowlist_entry",
    targetId: cidr,
    details: { entry: cidr, input },
  });
  return { entries: await readAllowlist(client, accountId) };
}
