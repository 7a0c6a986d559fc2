import { apiRoute } from "~/server/rest/api-route";
import { billServiceParams } from "~/schemas/rest";
import { listBillProducts } from "~/server/services/catalog/list-bill-products";

export const GET = apiRoute({ params: billServiceParams }, async ({ actor, params }) => ({
  body: { data: await listBillProducts(actor, params.service) },
}));
