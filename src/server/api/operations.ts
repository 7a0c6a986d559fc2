/** Every operation module, by endpoint: the type makes sure each endpoint of endpoints.ts has exactly one. */
import { getBalanceOperation } from "./account/get-balance";
import { createBatchOperation } from "./batches/create-batch";
import { getBatchOperation } from "./batches/get-batch";
import { listBatchTransactionsOperation } from "./batches/list-batch-transactions";
import { listEventsOperation } from "./events/list-events";
import { listFundingAccountsOperation } from "./funding/list-funding-accounts";
import { listFundingsOperation } from "./funding/list-fundings";
import { simulateFundingOperation } from "./funding/simulate-funding";
import { listBillProductsOperation } from "./catalog/list-bill-products";
import { listNetworksOperation } from "./catalog/list-networks";
import { listPlansOperation } from "./catalog/list-plans";
import { getOpenApiDocumentOperation } from "./documentation/get-openapi-document";
import type { EndpointKey } from "./endpoints";
import { getInvoiceCsvOperation } from "./invoices/get-invoice-csv";
import { getInvoicePdfOperation } from "./invoices/get-invoice-pdf";
import type { OperationSpec } from "./operation";
import { payBillOperation } from "./purchases/pay-bill";
import { purchaseAirtimeOperation } from "./purchases/purchase-airtime";
import { purchaseDataOperation } from "./purchases/purchase-data";
import { verifyCustomerOperation } from "./purchases/verify-customer";
import { getTransactionOperation } from "./transactions/get-transaction";
import { listTransactionsOperation } from "./transactions/list-transactions";
import { createWebhookEndpointOperation } from "./webhooks/create-webhook-endpoint";
import { deleteWebhookEndpointOperation } from "./webhooks/delete-webhook-endpoint";
import { getLowBalanceThresholdOperation } from "./webhooks/get-low-balance-threshold";
import { getWebhookEndpointOperation } from "./webhooks/get-webhook-endpoint";
import { listWebhookDeliveriesOperation } from "./webhooks/list-webhook-deliveries";
import { listWebhookEndpointsOperation } from "./webhooks/list-webhook-endpoints";
import { resendFailedWebhooksOperation } from "./webhooks/resend-failed-webhooks";
import { resendWebhookDeliveryOperation } from "./webhooks/resend-webhook-delivery";
import { rotateWebhookSecretOperation } from "./webhooks/rotate-webhook-secret";
import { sendTestWebhookOperation } from "./webhooks/send-test-webhook";
import { setLowBalanceThresholdOperation } from "./webhooks/set-low-balance-threshold";
import { updateWebhookEndpointOperation } from "./webhooks/update-webhook-endpoint";

export const OPERATIONS = {
  "GET /api/v1/balance": getBalanceOperation,
  "GET /api/v1/funding-accounts": listFundingAccountsOperation,
  "GET /api/v1/fundings": listFundingsOperation,
  "POST /api/v1/fundings/simulate": simulateFundingOperation,
  "GET /api/v1/plans": listPlansOperation,
  "GET /api/v1/networks": listNetworksOperation,
  "GET /api/v1/bills/{service}/products": listBillProductsOperation,
  "POST /api/v1/bills/{service}/verify": verifyCustomerOperation,
  "POST /api/v1/data": purchaseDataOperation,
  "POST /api/v1/airtime": purchaseAirtimeOperation,
  "POST /api/v1/bills/{service}/pay": payBillOperation,
  "POST /api/v1/batches": createBatchOperation,
  "GET /api/v1/batches/{batchReference}": getBatchOperation,
  "GET /api/v1/batches/{batchReference}/transactions": listBatchTransactionsOperation,
  "GET /api/v1/transactions/{clientReference}": getTransactionOperation,
  "GET /api/v1/transactions": listTransactionsOperation,
  "GET /api/v1/invoices/{period}.csv": getInvoiceCsvOperation,
  "GET /api/v1/invoices/{period}.pdf": getInvoicePdfOperation,
  "GET /api/v1/webhook-endpoints": listWebhookEndpointsOperation,
  "POST /api/v1/webhook-endpoints": createWebhookEndpointOperation,
  "GET /api/v1/webhook-endpoints/{endpointId}": getWebhookEndpointOperation,
  "PATCH /api/v1/webhook-endpoints/{endpointId}": updateWebhookEndpointOperation,
  "POST /api/v1/webhook-endpoints/{endpointId}/rotate-secret": rotateWebhookSecretOperation,
  "POST /api/v1/webhook-endpoints/{endpointId}/test": sendTestWebhookOperation,
  "DELETE /api/v1/webhook-endpoints/{endpointId}": deleteWebhookEndpointOperation,
  "GET /api/v1/webhook-endpoints/{endpointId}/deliveries": listWebhookDeliveriesOperation,
  "POST /api/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/resend": resendWebhookDeliveryOperation,
  "POST /api/v1/webhook-endpoints/{endpointId}/resend-failed": resendFailedWebhooksOperation,
  "GET /api/v1/webhook-endpoints/low-balance-threshold": getLowBalanceThresholdOperation,
  "PUT /api/v1/webhook-endpoints/low-balance-threshold": setLowBalanceThresholdOperation,
  "GET /api/v1/events": listEventsOperation,
  "GET /api/v1/openapi.json": getOpenApiDocumentOperation,
} satisfies { [K in EndpointKey]: OperationSpec & { endpoint: K } };
