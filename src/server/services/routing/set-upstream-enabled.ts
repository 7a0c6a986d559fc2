/**
 * Switches an upstream off or on by hand (docs/operating.md "Upstream health"): switched off, no route
 * naming it takes an order, and its products go to their next route; purchases pending on it are still
 * requeried there. Products without routes always go to VEND_PROVIDER: this switch does not stop them.
 * Operators only; audited.
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { invalidInput, parseInput } from "~/server/validation/parse-input";
import { ROUTE_PROVIDERS } from "~/server/providers";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { setUpstreamEnabledInput, type SetUpstreamEnabledInput } from "~/schemas/routing";

export async function setUpstreamEnabled(actor: Actor, input: SetUpstreamEnabledInput, tx?: DbClient) {
  assertOperator(actor);
  const { provider, enabled, reason } = parseInput(setUpstreamEnabledInput, input);
  if (!ROUTE_PROVIDERS.includes(provider)) {
    throw invalidInput([{ name: "provider", reason: `must be one of ${ROUTE_PROVIDERS.join(", ")}` }]);
  }
  return inTransaction(tx, async (client) => {
    const upstream = await client.upstreamProvider.upsert({
      where: { name: provider },
      create: { name: provider, enabled, disabledReason: enabled ? null : reason },
      update: { enabled, disabledReason: enabled ? null : reason, updatedAt: new Date() },
      select: { name: true, enabled: true, disabledReason: true },
    });
    await recordAuditEntry(client, actor, {
      action: enabled ? "upstream.enable" : "upstream.disable",
      targetType: "upstream",
      targetId: provider,
      details: { reason },
    });
    return upstream;
  });
}
