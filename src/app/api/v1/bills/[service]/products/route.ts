import { listBillProductsOperation } from "~/server/api/catalog/list-bill-products";
import { apiRoute } from "~/server/rest/api-route";
import { listBillProducts } from "~/server/services/catalog/list-bill-products";

export const GET = apiRoute(listBillProductsOperation.request, async ({ actor, params }) => ({
  body: { data: await listBillProducts(actor, params.service) },
}));
