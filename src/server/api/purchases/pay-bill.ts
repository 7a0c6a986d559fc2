import { payBillInput } from "~/schemas/purchases";
import { billServiceParams } from "~/schemas/rest";
import type { OperationSpec } from "../operation";
import { PURCHASE_NOTE, purchaseResponses } from "./purchase-responses";

export const payBillOperation = {
  endpoint: "POST /api/v1/bills/{service}/pay",
  tag: "Purchases",
  operationId: "payBill",
  summary: "Pay a bill",
  description: [
    `Pays the bill product \`planId\` for \`customerId\`. ${PURCHASE_NOTE}`,
    "`amount` is required for `variable` products (electricity) and must not be sent for `fixed` ones (a 400 on `amount`). What the customer needs comes with the successful transaction: electricity's `token`, `units` and `bonusToken`; every card or voucher sold (exam and broadband PINs) in `pins`, with its serial where it has one, the first PIN also as `token`.",
    "Cable TV: `subscriptionType` `change` (the default) pays for the bouquet `planId`; `renew` renews the customer's current subscription as the biller has it, with `planId` the product verification names in `renewal.planId` (a 400 on `planId` otherwise; a 422 `customer.invalid` when the biller offers no renewal we sell). The charge is that product's price either way.",
  ].join("\n\n"),
  request: { params: billServiceParams, body: payBillInput },
  bodyExample: {
    clientReference: "order-10003",
    planId: "ikeja-electric-prepaid",
    customerId: "45012345678",
    amount: 500_000,
    phone: "08031234567",
  },
  responses: purchaseResponses,
  errors: [
    "wallet.insufficient_funds",
    "service.not_found",
    "plan.not_found",
    "transaction.idempotency_conflict",
    "customer.invalid",
    "amount.out_of_range",
    "plan.unavailable",
    "provider.unavailable",
  ],
  examplePath: "/api/v1/bills/electricity/pay",
} satisfies OperationSpec;
