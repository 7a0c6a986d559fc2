/**
 * Resolves a presented API key to its account in one indexed look-up (by hash), together with what the
 * allowlist check needs and the wallet as it stands, so a request costs a single round trip before the
 * work it asked for (and GET /balance costs exactly that one). Revocation, the allowlist and the
 * balance are read from the database on every request: a revoked key fails on the very next call.
 */
import type { Actor } from "~/server/auth/actor";
import { db, queryRows, sql } from "~/server/db";
import { AppError } from "~/server/errors";
import { hashApiKey } from "./hash-api-key";

/** "pk_live_" and at least 32 base62 characters; anything else is rejected without a database look-up. */
const KEY_SHAPE = /^pk_live_[0-9A-Za-z]{32,128}$/;
/** lastUsedAt is a hint for people, not an audit trail: refreshed at most this often per key. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface AuthenticatedKey {
  actor: Extract<Actor, { kind: "api-key" }>;
  account: { id: string; createdAt: Date; allowlistOptIn: boolean; onProductCatalog: boolean };
  allowlist: string[];
  /** Read in the same statement as the key: exact as of this request. */
  wallet: { balance: bigint; currency: string };
  /** The version of the plan catalog as of this request (see migration 20261121091000). */
  catalogVersion: bigint;
}

interface KeyRow {
  key_id: string;
  account_id: string;
  revoked_at: Date | null;
  last_used_at: Date | null;
  account_created_at: Date;
  allowlist_opt_in: boolean;
  on_product_catalog: boolean;
  allowlist: string[];
  balance: bigint;
  currency: string;
  catalog_version: bigint;
}

const UNAUTHORIZED_MESSAGE = "A valid API key is required: send it as 'Authorization: Bearer pk_live_...'.";

export function extractBearerKey(authorization: string | null): string | null {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? "");
  const key = match?.[1];
  return key && KEY_SHAPE.test(key) ? key : null;
}

export async function authenticateApiKey(authorization: string | null, sourceIp: string): Promise<AuthenticatedKey> {
  const key = extractBearerKey(authorization);
  if (!key) throw new AppError("unauthorized", UNAUTHORIZED_MESSAGE);

  const rows = await queryRows<KeyRow>(sql`
    SELECT k.id AS key_id, k.account_id, k.revoked_at, k.last_used_at,
           a.created_at AS account_created_at, a.allowlist_opt_in, a.on_product_catalog,
           COALESCE((SELECT array_agg(e.cidr) FROM allowlist_entries e WHERE e.account_id = a.id), '{}') AS allowlist,
           w.balance, w.currency, (SELECT version FROM catalog_state WHERE id = 1) AS catalog_version
    FROM api_keys k JOIN accounts a ON a.id = k.account_id JOIN wallets w ON w.account_id = a.id
    WHERE k.key_hash = ${hashApiKey(key)}`);
  const row = rows[0];
  if (!row || row.revoked_at) throw new AppError("unauthorized", UNAUTHORIZED_MESSAGE);

  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
    // Fire and forget: the request must not wait for, or fail because of, bookkeeping.
    void db.$executeRaw`
      UPDATE api_keys SET last_used_at = now()
      WHERE id = ${row.key_id}::uuid AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`.catch(() => {});
  }

  return {
    actor: { kind: "api-key", apiKeyId: row.key_id, accountId: row.account_id, sourceIp },
    account: {
      id: row.account_id,
      createdAt: row.account_created_at,
      allowlistOptIn: row.allowlist_opt_in,
      onProductCatalog: row.on_product_catalog,
    },
    allowlist: row.allowlist,
    wallet: { balance: row.balance, currency: row.currency },
    catalogVersion: row.catalog_version,
  };
}
