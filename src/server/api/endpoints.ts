/**
 * Every endpoint of the REST contract (DESIGN.md §3.2, and the additions of §7: webhooks, funding). The document describes exactly these, the
 * Node server routes /api/v1 by them (api-methods.ts), and openapi.test.ts keeps them equal to the
 * route handlers on disk.
 */
export const ENDPOINTS = [
  "GET /api/v1/balance",
  "GET /api/v1/funding-accounts",
  "GET /api/v1/fundings",
  "POST /api/v1/fundings/simulate",
  "GET /api/v1/plans",
  "GET /api/v1/networks",
  "GET /api/v1/bills/{service}/products",
  "POST /api/v1/bills/{service}/verify",
  "POST /api/v1/data",
  "POST /api/v1/airtime",
  "POST /api/v1/bills/{service}/pay",
  "POST /api/v1/batches",
  "GET /api/v1/batches/{batchReference}",
  "GET /api/v1/batches/{batchReference}/transactions",
  "GET /api/v1/transactions/{clientReference}",
  "GET /api/v1/transactions",
  "GET /api/v1/invoices/{period}.csv",
  "GET /api/v1/invoices/{period}.pdf",
  "GET /api/v1/webhook-endpoints",
  "POST /api/v1/webhook-endpoints",
  "GET /api/v1/webhook-endpoints/{endpointId}",
  "PATCH /api/v1/webhook-endpoints/{endpointId}",
  "POST /api/v1/webhook-endpoints/{endpointId}/rotate-secret",
  "POST /api/v1/webhook-endpoints/{endpointId}/test",
  "DELETE /api/v1/webhook-endpoints/{endpointId}",
  "GET /api/v1/webhook-endpoints/{endpointId}/deliveries",
  "POST /api/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/resend",
  "POST /api/v1/webhook-endpoints/{endpointId}/resend-failed",
  "GET /api/v1/webhook-endpoints/low-balance-threshold",
  "PUT /api/v1/webhook-endpoints/low-balance-threshold",
  "GET /api/v1/events",
  "GET /api/v1/openapi.json",
] as const;

export type EndpointKey = (typeof ENDPOINTS)[number];
