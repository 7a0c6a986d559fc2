import { purchaseDataOperation } from "~/server/openapi/purchases/purchase-data";
import { apiRoute } from "~/server/rest/api-route";
import { purchaseResponse } from "~/server/rest/purchase-response";
import { purchaseData } from "~/server/services/purchases/purchase-data";

export const POST = apiRoute(
  { ...purchaseDataOperation.request, lookUpClientReference: true, authorizeFromMemory: true },
  async ({ actor, auth, body }) => purchaseResponse(await purchaseData(actor, body, auth.referenceLookup)),
);
