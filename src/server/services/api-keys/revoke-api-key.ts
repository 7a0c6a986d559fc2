/**
 * Revokes an API key; authentication reads revocation on every request, so it takes effect on the
 * key's next call. Revoking twice is harmless and keeps the first revocation time. Operators and the
 * account's OWNER may revoke; a key of another account reads as unknown.
 */
import { accountWhere } from "~/server/auth/account-scope";
import type { Actor } from "~/server/auth/actor";
import { assertOwnerOrOperator } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { AppError } from "~/server/errors";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { parseInput } from "~/server/validation/parse-input";
import { isUuid } from "~/schemas/fields";
import { revokeApiKeyInput, type RevokeApiKeyInput } from "~/schemas/operator";

export async function revokeApiKey(actor: Actor, input: RevokeApiKeyInput, tx?: DbClient): Promise<{ keyId: string; revokedAt: string }> {
  const { keyId } = parseInput(revokeApiKeyInput, input);

  return inTransaction(tx, async (client) => {
    const key = isUuid(keyId) ? await client.apiKey.findFirst({ where: { id: keyId, ...accountWhere(actor) } }) : null;
    if (!key) throw new AppError("key.not_found", "No such API key.");
    assertOwnerOrOperator(actor, key.accountId);

    // The condition on revoked_at makes a concurrent second revocation a no-op instead of moving the time.
    const { count } = await client.apiKey.updateMany({ where: { id: keyId, revokedAt: null }, data: { revokedAt: new Date() } });
    const revoked = await client.apiKey.findUniqueOrThrow({ where: { id: keyId }, select: { revokedAt: true } });
    if (!revoked.revokedAt) throw new Error(`API key ${keyId} was not revoked`);
    if (count > 0) {
      await recordAuditEntry(client, actor, {
        action: "key.revoke",
        accountId: key.accountId,
        targetType: "api_key",
        targetId: keyId,
        details: { name: key.name },
      });
    }
    return { keyId, revokedAt: revoked.revokedAt.toISOString() };
  });
}
