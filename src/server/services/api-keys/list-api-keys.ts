/**
 * An account's API keys as people see them: name, dates and status, never the hash or anything from
 * which the key could be recovered. The account's OWNER and operators may list; newest first.
 */
import type { Actor } from "~/server/auth/actor";
import { db, type DbClient } from "~/server/db";
import { ownerScopedAccountId } from "~/server/services/accounts/owner-scoped-account";
import type { AccountScopeInput } from "~/schemas/account-admin";

export interface ApiKeyView {
  keyId: string;
  name: string;
  /** "pk_live_" or "pk_test_": what the key starts with, not a part of the secret. */
  prefix: string;
  /** False for a test-mode key (docs/integrating.md "Test mode"). */
  livemode: boolean;
  /** The key's last 4 characters; null for keys created before they were recorded. */
  lastFour: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  status: "active" | "revoked";
}

export async function listApiKeys(actor: Actor, input: AccountScopeInput, client: DbClient = db): Promise<ApiKeyView[]> {
  const accountId = await ownerScopedAccountId(actor, input, client);

  const keys = await client.apiKey.findMany({
    where: { accountId },
    // An explicit select, so a column added later (or the hash) can never leak through this view.
    select: { id: true, name: true, prefix: true, livemode: true, lastFour: true, createdAt: true, lastUsedAt: true, revokedAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return keys.map((key) => ({
    keyId: key.id,
    name: key.name,
    prefix: key.prefix,
    livemode: key.livemode,
    lastFour: key.lastFour,
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt,
    revokedAt: key.revokedAt,
    status: key.revokedAt ? "revoked" : "active",
  }));
}
