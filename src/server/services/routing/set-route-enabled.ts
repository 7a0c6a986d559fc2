/**
 * Switches one of a product's routes off or on by hand (docs/operating.md "Routes and failover"): switched
 * off, the product's orders skip it for the next route. Operators only; audited.
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { AppError } from "~/server/errors";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { parseInput } from "~/server/validation/parse-input";
import { setRouteEnabledInput, type SetRouteEnabledInput } from "~/schemas/routing";

export async function setRouteEnabled(actor: Actor, input: SetRouteEnabledInput, tx?: DbClient) {
  assertOperator(actor);
  const { service, productCode, provider, enabled } = parseInput(setRouteEnabledInput, input);
  return inTransaction(tx, async (client) => {
    const { count } = await client.productRoute.updateMany({
      where: { service, productCode, provider },
      data: { enabled, updatedAt: new Date() },
    });
    if (count === 0) throw new AppError("service.not_found", `The ${service} product '${productCode}' has no route to ${provider}.`);
    await recordAuditEntry(client, actor, {
      action: enabled ? "route.enable" : "route.disable",
      targetType: "product",
      targetId: `${service}:${productCode}`,
      details: { provider },
    });
    return { service, productCode, provider, enabled };
  });
}
