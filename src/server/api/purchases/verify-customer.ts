import { customerVerification } from "~/schemas/api";
import { verifyCustomerInput } from "~/schemas/purchases";
import { billServiceParams } from "~/schemas/rest";
import { ok, type OperationSpec } from "../operation";

export const verifyCustomerOperation = {
  endpoint: "POST /api/v1/bills/{service}/verify",
  tag: "Purchases",
  operationId: "verifyCustomer",
  summary: "Verify a customer",
  description:
    'Asks the biller for the customer behind a smartcard, meter or account number before paying. Nothing is charged. For cable TV, `renewal` says which `planId` renews the customer\'s current subscription (pay it with `subscriptionType: "renew"`), when the biller offers a renewal one of our products matches.',
  request: { params: billServiceParams, body: verifyCustomerInput },
  bodyExample: { planId: "ikeja-electric-prepaid", customerId: "45012345678" },
  responses: { "200": ok("The customer as the biller knows them.", customerVerification) },
  errors: ["service.not_found", "plan.not_found", "customer.invalid", "plan.unavailable", "provider.unavailable"],
  examplePath: "/api/v1/bills/electricity/verify",
} satisfies OperationSpec;
