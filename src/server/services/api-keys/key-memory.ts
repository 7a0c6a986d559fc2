/**
 * What a server process remembers of the API keys it has looked up: the key's account and mode, and
 * what the allowlist check reads, for a minute. The data and airtime routes authorise a remembered key
 * without looking it up (one round trip fewer per purchase, docs/decisions/003-key-memory.md); that is only ever a
 * provisional yes, confirmed by the statement that claims the reference and debits the wallet
 * (PurchaseContext.keyAuthorization, purchase-route.ts). A refusal is never decided from memory. Nothing here is a secret: the
 * map is keyed by the key's hash, as the database is.
 */
import type { KeyAuthorization } from "./authenticate-api-key";

export interface RememberedKey {
  apiKeyId: string;
  accountId: string;
  livemode: boolean;
  account: KeyAuthorization["account"];
  allowlist: string[];
  /** The account's key_authorization_version when this was read. */
  version: string;
}

/**
 * Correctness does not depend on it (the version does); it bounds how long a key no longer used is
 * held, and makes a key in use be looked up, and its lastUsedAt refreshed, about once a minute.
 */
const REMEMBERED_FOR_MS = 60_000;
/** A process serving more keys than this forgets the oldest first. */
const MAX_REMEMBERED_KEYS = 10_000;

const remembered = new Map<string, { key: RememberedKey; until: number }>();

export function rememberKey(keyHash: string, key: RememberedKey, now = Date.now()): void {
  remembered.delete(keyHash);
  if (remembered.size >= MAX_REMEMBERED_KEYS) remembered.delete(remembered.keys().next().value!);
  remembered.set(keyHash, { key, until: now + REMEMBERED_FOR_MS });
}

export function recallKey(keyHash: string, now = Date.now()): RememberedKey | null {
  const entry = remembered.get(keyHash);
  if (!entry) return null;
  if (entry.until <= now) {
    remembered.delete(keyHash);
    return null;
  }
  return entry.key;
}

export function forgetKey(keyHash: string): void {
  remembered.delete(keyHash);
}
