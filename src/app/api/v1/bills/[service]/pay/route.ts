import { payBillOperation } from "~/server/openapi/purchases/pay-bill";
import { apiRoute } from "~/server/rest/api-route";
import { purchaseResponse } from "~/server/rest/purchase-response";
import { payBill } from "~/server/services/purchases/pay-bill";

export const POST = apiRoute({ ...payBillOperation.request, lookUpClientReference: true }, async ({ actor, auth, params, body }) =>
  purchaseResponse(await payBill(actor, params.service, body, auth.referenceLookup)),
);
