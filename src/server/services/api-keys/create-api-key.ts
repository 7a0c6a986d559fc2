/**
 * Issues an API key for an account, live or test (docs/integrating.md "Test mode"). The key is returned once and
 * never again: only its SHA-256, its prefix ("pk_live_" or "pk_test_") and its last 4 characters (to
 * tell keys apart on screen) are stored. Operators and the account's OWNER may issue keys.
 */
import { randomBytes } from "node:crypto";
import type { Actor } from "~/server/auth/actor";
import { assertOwnerOrOperator } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { parseInput } from "~/server/validation/parse-input";
import { createApiKeyInput, type CreateApiKeyInput } from "~/schemas/operator";
import { hashApiKey } from "./hash-api-key";

/** What a key starts with, by mode; the database holds prefix and mode together (a CHECK constraint). */
export const API_KEY_PREFIXES = { live: "pk_live_", test: "pk_test_" } as const;
const SECRET_LENGTH = 40;
// Enough to tell a handful of keys apart, as Stripe shows them; never more, so what is stored stays
// far from recovering the key (36 of the 40 random characters remain unknown).
const LAST_FOUR_LENGTH = 4;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
// The largest multiple of 62 that fits in a byte. Bytes at or above it are discarded, because
// `byte % 62` over all 256 values would make the first 8 characters slightly more likely.
const UNBIASED_LIMIT = 256 - (256 % BASE62.length);

function randomBase62(length: number): string {
  let text = "";
  while (text.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte >= UNBIASED_LIMIT) continue;
      text += BASE62.charAt(byte % BASE62.length);
      if (text.length === length) break;
    }
  }
  return text;
}

export async function createApiKey(actor: Actor, input: CreateApiKeyInput, tx?: DbClient): Promise<{ keyId: string; apiKey: string }> {
  const { accountId, name, mode } = parseInput(createApiKeyInput, input);
  assertOwnerOrOperator(actor, accountId);
  const prefix = API_KEY_PREFIXES[mode];
  const apiKey = prefix + randomBase62(SECRET_LENGTH);

  return inTransaction(tx, async (client) => {
    await findAccountOrThrow(client, accountId);
    const key = await client.apiKey.create({
      data: {
        accountId,
        name,
        prefix,
        livemode: mode === "live",
        lastFour: apiKey.slice(-LAST_FOUR_LENGTH),
        keyHash: hashApiKey(apiKey),
        createdById: actor.kind === "user" ? actor.userId : null,
      },
    });
    await recordAuditEntry(client, actor, {
      action: "key.create",
      accountId,
      targetType: "api_key",
      targetId: key.id,
      details: { name, mode },
    });
    return { keyId: key.id, apiKey };
  });
}
