import { purchaseAirtimeInput } from "~/schemas/purchases";
import { apiRoute } from "~/server/rest/api-route";
import { purchaseResponse } from "~/server/rest/purchase-response";
import { purchaseAirtime } from "~/server/services/purchases/purchase-airtime";

export const POST = apiRoute({ body: purchaseAirtimeInput, lookUpClientReference: true }, async ({ actor, auth, body }) =>
  purchaseResponse(await purchaseAirtime(actor, body, auth.referenceLookup)),
);
