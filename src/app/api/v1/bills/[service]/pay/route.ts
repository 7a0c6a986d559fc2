import { payBillInput } from "~/schemas/purchases";
import { billServiceParams } from "~/schemas/rest";
import { apiRoute } from "~/server/rest/api-route";
import { purchaseResponse } from "~/server/rest/purchase-response";
import { payBill } from "~/server/services/purchases/pay-bill";

export const POST = apiRoute({ params: billServiceParams, body: payBillInput, lookUpClientReference: true }, async ({ actor, auth, params, body }) =>
  purchaseResponse(await payBill(actor, params.service, body, auth.referenceLookup)),
);
