/**
 * Every endpoint of the REST contract (DESIGN.md §3.2) and whether this server serves it yet. The
 * document describes all of them; the ones marked false carry `x-implemented: false` and say so.
 * When a route handler lands, flip its line here (openapi.test.ts fails until the two agree).
 */
export const ENDPOINTS = {
  "GET /api/v1/balance": true,
  "GET /api/v1/plans": true,
  "GET /api/v1/networks": true,
  "GET /api/v1/bills/{service}/products": true,
  "POST /api/v1/bills/{service}/verify": true,
  "POST /api/v1/data": true,
  "POST /api/v1/airtime": true,
  "POST /api/v1/bills/{service}/pay": true,
  "GET /api/v1/transactions/{clientReference}": true,
  "GET /api/v1/transactions": true,
  "GET /api/v1/invoices/{period}.csv": true,
  "GET /api/v1/invoices/{period}.pdf": true,
  "GET /api/v1/openapi.json": true,
} as const satisfies Record<string, boolean>;

export type EndpointKey = keyof typeof ENDPOINTS;

export function isImplemented(endpoint: EndpointKey): boolean {
  return ENDPOINTS[endpoint];
}
