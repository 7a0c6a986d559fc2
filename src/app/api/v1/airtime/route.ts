import { purchaseAirtimeOperation } from "~/server/openapi/purchases/purchase-airtime";
import { apiRoute } from "~/server/rest/api-route";
import { purchaseResponse } from "~/server/rest/purchase-response";
import { purchaseAirtime } from "~/server/services/purchases/purchase-airtime";

export const POST = apiRoute(
  { ...purchaseAirtimeOperation.request, lookUpClientReference: true, authorizeFromMemory: true },
  async ({ actor, auth, body }) => purchaseResponse(await purchaseAirtime(actor, body, auth.referenceLookup)),
);
