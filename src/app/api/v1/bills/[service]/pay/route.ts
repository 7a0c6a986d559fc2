import { payBillOperation } from "~/server/api/purchases/pay-bill";
import { purchaseRoute } from "~/server/rest/purchase-route";
import { payBill } from "~/server/services/purchases/pay-bill";

export const POST = purchaseRoute({ params: payBillOperation.request.params, authorizeFromMemory: false }, (actor, body, params, context) =>
  payBill(actor, params.service, body, context),
);
