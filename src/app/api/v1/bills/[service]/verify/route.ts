import { verifyCustomerOperation } from "~/server/api/purchases/verify-customer";
import { apiRoute } from "~/server/rest/api-route";
import { verifyCustomer } from "~/server/services/purchases/verify-customer";

export const POST = apiRoute(verifyCustomerOperation.request, async ({ actor, params, body }) => ({
  body: await verifyCustomer(actor, params.service, body),
}));
