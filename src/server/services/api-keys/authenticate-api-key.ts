/**
 * Resolves a presented API key to its account in one indexed look-up (by hash), together with what the
 * allowlist check needs and the wallet as it stands, so a request costs a single round trip before the
 * work it asked for (and GET /balance costs exactly that one). Revocation, the allowlist and the
 * balance are read from the database on every request: a revoked key fails on the very next call.
 *
 * A purchase request also names its clientReference, and the transaction stored under it is read in
 * the same statement (ReferenceLookup), so a retried purchase is answered in that one round trip.
 *
 * Every key looked up is remembered for a minute (key-memory.ts); the data and airtime routes may
 * authorise a remembered key without the look-up, a yes that the purchase's claiming statement confirms
 * in the database, so revocation and allowlist changes still apply to the very next purchase.
 */
import { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/server/auth/actor";
import { db, queryRows, sql } from "~/server/db";
import {
  purchaseRowFromJson,
  purchaseRowJson,
  type PurchaseRowJson,
  type ReferenceLookup,
} from "~/server/services/purchases/transaction-view";
import { AppError } from "~/server/errors";
import { hashApiKey } from "./hash-api-key";
import { forgetKey, recallKey, rememberKey } from "./key-memory";

/**
 * "pk_live_" or "pk_test_" and at least 32 base62 characters; anything else is rejected without a
 * database look-up. The prefix is not trusted for the mode: the key's row says it.
 */
const KEY_SHAPE = /^pk_(?:live|test)_[0-9A-Za-z]{32,128}$/;
/** lastUsedAt is a hint for people, not an audit trail: refreshed at most this often per key. */
const LAST_USED_RESOLUTION = Prisma.raw("interval '1 minute'");

/** Who is calling and what the allowlist check needs: all a purchase route needs of its key. */
export interface KeyAuthorization {
  actor: Extract<Actor, { kind: "api-key" }>;
  account: { id: string; createdAt: Date; allowlistOptIn: boolean; onProductCatalog: boolean };
  allowlist: string[];
}

export interface AuthenticatedKey extends KeyAuthorization {
  /** The wallet of the key's mode, read in the same statement as the key: exact as of this request. */
  wallet: { balance: bigint; currency: string };
  /** The version of the plan catalog as of this request (see prisma/sql/catalog/bump_catalog_version.sql). */
  catalogVersion: bigint;
  /** Present when a clientReference was given to look up. */
  referenceLookup?: ReferenceLookup;
}

/**
 * What the statement returns. Every column costs the driver per request (the benchmark's replay
 * spends about a tenth of its CPU in pg), so the key's dates come as the answers the code needs, and a
 * stored transaction as one JSON value rather than seventeen columns.
 */
interface KeyRow {
  key_id: string;
  account_id: string;
  livemode: boolean;
  revoked: boolean;
  last_used_stale: boolean;
  account_created_at: Date;
  allowlist_opt_in: boolean;
  on_product_catalog: boolean;
  allowlist: string[];
  key_authorization_version: string;
  balance: bigint;
  currency: string;
  catalog_version: bigint;
}

const STORED_TRANSACTION_JSON = purchaseRowJson("t");

const UNAUTHORIZED_MESSAGE = "A valid API key is required: send it as 'Authorization: Bearer pk_live_...' (or a pk_test_ key).";

export function extractBearerKey(authorization: string | null): string | null {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? "");
  const key = match?.[1];
  return key && KEY_SHAPE.test(key) ? key : null;
}

/**
 * @param clientReference a purchase's reference (already validated): the transaction stored under it
 *   for the key's account is read in the same statement and returned as `referenceLookup`.
 */
export async function authenticateApiKey(
  authorization: string | null,
  sourceIp: string,
  clientReference?: string,
): Promise<AuthenticatedKey> {
  const key = extractBearerKey(authorization);
  if (!key) throw new AppError("unauthorized", UNAUTHORIZED_MESSAGE);

  const lookUp = clientReference !== undefined;
  const keyHash = hashApiKey(key);
  const rows = await queryRows<KeyRow & { stored_transaction?: PurchaseRowJson | null }>(sql`
    SELECT k.id AS key_id, k.account_id, k.livemode, k.revoked_at IS NOT NULL AS revoked,
           (k.last_used_at IS NULL OR k.last_used_at < now() - ${LAST_USED_RESOLUTION}) AS last_used_stale,
           a.created_at AS account_created_at, a.allowlist_opt_in, a.on_product_catalog,
           COALESCE((SELECT array_agg(e.cidr) FROM allowlist_entries e WHERE e.account_id = a.id), '{}') AS allowlist,
           a.key_authorization_version,
           w.balance, w.currency, (SELECT version FROM catalog_state WHERE id = 1) AS catalog_version
           ${lookUp ? sql`, CASE WHEN t.id IS NULL THEN NULL ELSE ${STORED_TRANSACTION_JSON} END AS stored_transaction` : Prisma.empty}
    FROM api_keys k JOIN accounts a ON a.id = k.account_id JOIN wallets w ON w.account_id = a.id AND w.livemode = k.livemode
    ${lookUp ? sql`LEFT JOIN transactions t ON t.account_id = k.account_id AND t.livemode = k.livemode AND t.client_reference = ${clientReference}` : Prisma.empty}
    WHERE k.key_hash = ${keyHash}`);
  const row = rows[0];
  if (!row || row.revoked) {
    forgetKey(keyHash);
    throw new AppError("unauthorized", UNAUTHORIZED_MESSAGE);
  }

  if (row.last_used_stale) {
    // Fire and forget: the request must not wait for, or fail because of, bookkeeping.
    void db.$executeRaw`
      UPDATE api_keys SET last_used_at = now()
      WHERE id = ${row.key_id}::uuid AND (last_used_at IS NULL OR last_used_at < now() - ${LAST_USED_RESOLUTION})`.catch(() => {});
  }

  const account = {
    id: row.account_id,
    createdAt: row.account_created_at,
    allowlistOptIn: row.allowlist_opt_in,
    onProductCatalog: row.on_product_catalog,
  };
  rememberKey(keyHash, {
    apiKeyId: row.key_id,
    accountId: row.account_id,
    livemode: row.livemode,
    account,
    allowlist: row.allowlist,
    version: row.key_authorization_version,
  });

  return {
    actor: { kind: "api-key", apiKeyId: row.key_id, accountId: row.account_id, sourceIp, livemode: row.livemode },
    account,
    allowlist: row.allowlist,
    wallet: { balance: row.balance, currency: row.currency },
    catalogVersion: row.catalog_version,
    referenceLookup: lookUp
      ? { clientReference, transaction: row.stored_transaction ? purchaseRowFromJson(row.stored_transaction) : null }
      : undefined,
  };
}

/**
 * A key this process looked up in the last minute, as it was then, with the account's key authorization
 * version it was decided from: the claiming statement confirms it (PurchaseContext.keyAuthorization).
 * Null when the key is not remembered: look it up. The caller uses it only for a yes (purchase-route.ts).
 */
export function rememberedKeyAuthorization(
  authorization: string | null,
  sourceIp: string,
): (KeyAuthorization & { version: string }) | null {
  const key = extractBearerKey(authorization);
  const remembered = key === null ? null : recallKey(hashApiKey(key));
  if (!remembered) return null;
  return {
    actor: {
      kind: "api-key",
      apiKeyId: remembered.apiKeyId,
      accountId: remembered.accountId,
      sourceIp,
      livemode: remembered.livemode,
    },
    account: remembered.account,
    allowlist: remembered.allowlist,
    version: remembered.version,
  };
}
