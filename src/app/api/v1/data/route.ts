import { purchaseRoute } from "~/server/rest/purchase-route";
import { purchaseData } from "~/server/services/purchases/purchase-data";

export const POST = purchaseRoute({ authorizeFromMemory: true }, (actor, body, _params, context) => purchaseData(actor, body, context));
