import { verifyCustomerInput } from "~/schemas/purchases";
import { billServiceParams } from "~/schemas/rest";
import { apiRoute } from "~/server/rest/api-route";
import { verifyCustomer } from "~/server/services/purchases/verify-customer";

export const POST = apiRoute({ params: billServiceParams, body: verifyCustomerInput }, async ({ actor, params, body }) => ({
  body: await verifyCustomer(actor, params.service, body),
}));
