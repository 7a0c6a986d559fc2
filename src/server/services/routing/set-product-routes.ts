/**
 * Gives a product its ordered routes (docs/operating.md "Routes and failover"): a network's airtime, a data
 * plan or a bill product, each route an upstream with that upstream's names and cost. Replaces the
 * product's routes as a whole; an empty list removes them, and the product goes to VEND_PROVIDER again.
 * Purchases already begun keep the attempts they recorded. Operators only; audited.
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { AppError } from "~/server/errors";
import { ROUTE_PROVIDERS } from "~/server/providers";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { invalidInput, parseInput } from "~/server/validation/parse-input";
import { setProductRoutesInput, type SetProductRoutesInput } from "~/schemas/routing";

async function productExists(client: DbClient, service: string, productCode: string): Promise<boolean> {
  if (service === "AIRTIME") return (await client.network.count({ where: { id: productCode } })) > 0;
  if (service === "DATA") return (await client.dataPlan.count({ where: { id: productCode } })) > 0;
  return (await client.billProduct.count({ where: { id: productCode, service: service as never } })) > 0;
}

const ROUTE_FIELDS = {
  position: true,
  provider: true,
  upstreamService: true,
  upstreamCode: true,
  costPrice: true,
  commissionBps: true,
  enabled: true,
} as const;

export async function setProductRoutes(actor: Actor, input: SetProductRoutesInput, tx?: DbClient) {
  assertOperator(actor);
  const { service, productCode, routes } = parseInput(setProductRoutesInput, input);
  const unknown = routes.findIndex((route) => !ROUTE_PROVIDERS.includes(route.provider));
  if (unknown >= 0) {
    throw invalidInput([{ name: `routes.${unknown}.provider`, reason: `must be one of ${ROUTE_PROVIDERS.join(", ")}` }]);
  }
  return inTransaction(tx, async (client) => {
    if (!(await productExists(client, service, productCode))) {
      throw new AppError("service.not_found", `No ${service} product '${productCode}' in the catalog.`);
    }
    const before = await client.productRoute.findMany({
      where: { service, productCode },
      orderBy: [{ position: "asc" }, { createdAt: "asc" }, { id: "asc" }],
      select: ROUTE_FIELDS,
    });
    await client.productRoute.deleteMany({ where: { service, productCode } });
    const saved: typeof before = [];
    for (const [position, route] of routes.entries()) {
      saved.push(
        await client.productRoute.create({ data: { service, productCode, position: position + 1, ...route }, select: ROUTE_FIELDS }),
      );
    }
    // Before and after, so the audit log shows what the operator changed (a list replaced whole).
    const recorded = (list: typeof before) => list.map((route) => ({ ...route, costPrice: route.costPrice?.toString() ?? null }));
    await recordAuditEntry(client, actor, {
      action: "routes.set",
      targetType: "product",
      targetId: `${service}:${productCode}`,
      details: { before: recorded(before), routes: recorded(saved) },
    });
    return { service, productCode, routes: saved };
  });
}
