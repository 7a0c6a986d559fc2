/**
 * The whole catalog as operators see it (issue 16): every network, plan and bill product, on sale or
 * not, with what the upstream charges (costPrice, commission), and every product's routes in order (which
 * upstream, switched on or not; their details are the product's routes page's). Operator-only: resellers'
 * listings (list-plans, list-bill-products, list-networks) never select the cost columns.
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db, type DbClient } from "~/server/db";

export async function listCatalogAdmin(actor: Actor, client: DbClient = db) {
  assertOperator(actor);
  const order = [{ sortOrder: "asc" as const }, { id: "asc" as const }];
  const [networks, plans, billProducts, routes] = await Promise.all([
    client.network.findMany({ orderBy: order }),
    client.dataPlan.findMany({ orderBy: [{ networkId: "asc" }, ...order] }),
    client.billProduct.findMany({ orderBy: [{ service: "asc" }, ...order] }),
    client.productRoute.findMany({
      select: { service: true, productCode: true, provider: true, enabled: true },
      orderBy: [{ service: "asc" }, { productCode: "asc" }, { position: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    }),
  ]);
  return { networks, plans, billProducts, routes };
}

export type CatalogAdmin = Awaited<ReturnType<typeof listCatalogAdmin>>;
