import { purchaseDataInput } from "~/schemas/purchases";
import { apiRoute } from "~/server/rest/api-route";
import { purchaseResponse } from "~/server/rest/purchase-response";
import { purchaseData } from "~/server/services/purchases/purchase-data";

export const POST = apiRoute({ body: purchaseDataInput, lookUpClientReference: true }, async ({ actor, auth, body }) =>
  purchaseResponse(await purchaseData(actor, body, auth.referenceLookup)),
);
