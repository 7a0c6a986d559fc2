/**
 * reseller-purchase-sdk: the Reseller Purchase API from TypeScript. See README.md for a quick start.
 */
export { ResellerClient, type BillService, type ClientOptions, type Order } from "./client.js";
export { ApiError, NetworkError, type ApiErrorName } from "./errors.js";
export {
  verifyWebhook,
  WebhookVerificationError,
  type ReceivedWebhookEvent,
  type WebhookHeaders,
  type WebhookTestEvent,
} from "./webhooks.js";
/** Every schema of the API by its name (Transaction, Plan, WebhookEvent, ...), and its paths and operations. */
export type * from "./generated/openapi.js";
