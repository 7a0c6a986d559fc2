/**
 * The whole catalog as operators see it (issue 16): every network, plan and bill product, on sale or
 * not, with what the upstream charges (costPrice, commission). Operator-only: resellers' listings
 * (list-plans, list-bill-products, list-networks) never select the cost columns.
 */
import { assertOperator, type Actor } from "~/server/auth/actor";
import { db, type DbClient } from "~/server/db";

export async function listCatalogAdmin(actor: Actor, client: DbClient = db) {
  assertOperator(actor);
  const order = [{ sortOrder: "asc" as const }, { id: "asc" as const }];
  const [networks, plans, billProducts] = await Promise.all([
    client.network.findMany({ orderBy: order }),
    client.dataPlan.findMany({ orderBy: [{ networkId: "asc" }, ...order] }),
    client.billProduct.findMany({ orderBy: [{ service: "asc" }, ...order] }),
  ]);
  return { networks, plans, billProducts };
}

export type CatalogAdmin = Awaited<ReturnType<typeof listCatalogAdmin>>;
