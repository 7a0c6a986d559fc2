import { purchaseRoute } from "~/server/rest/purchase-route";
import { purchaseAirtime } from "~/server/services/purchases/purchase-airtime";

export const POST = purchaseRoute({ authorizeFromMemory: true }, (actor, body, _params, context) => purchaseAirtime(actor, body, context));
