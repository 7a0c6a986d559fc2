/**
 * The API's dated changelog (the service description §9: "changes are announced in a dated
 * changelog"), newest first: the one source of /docs/changelog, of the guard that every addition is
 * announced (compatibility/guard.test.ts), and of nothing else.
 *
 * Adding an entry: put a new object at the top. `date` is the day it reaches resellers (the merge to
 * main); `changes` say what changed in a reseller's words (`code` in backticks); `added` names every
 * part of the OpenAPI document the change adds, by the names compatibility/contract.ts gives them:
 * `GET /api/v1/fundings` (an operation), `Transaction.pins` (a field of a named schema),
 * `WebhookEventType = batch.completed` (an enum value), `webhook batch.completed` (a webhook event),
 * `POST /api/v1/data 422` (a status), `header.X-Request-Id` (a shared header). `npm run api:release`
 * and the guard test print the names of the additions no entry lists yet. A name must exist in the
 * current document; an error name within a status the operation already had is not a part of the
 * document's structure, so it is told in `changes` only.
 */

/** `YYYY-MM-DD`; `YYYY-MM` where the record gives only the month; `after YYYY-MM-DD` where it gives no date. */
export type ChangelogDate = `${number}-${number}-${number}` | `${number}-${number}` | `after ${number}-${number}-${number}`;

export interface ChangelogEntry {
  date: ChangelogDate;
  title: string;
  /** What changed, for people; `code` in backticks. */
  changes: string[];
  /** The parts of the OpenAPI document this change added, by their contract names (see the header). */
  added: string[];
}

export const API_CHANGELOG: ChangelogEntry[] = [
  {
    date: "2026-11-27",
    title: "Batches: up to 5,000 purchases in one request, each exactly once",
    changes: [
      "`POST /api/v1/batches` `{ batchReference, orders }` accepts up to 5,000 orders, each the body of a single data, airtime or bill purchase with its `kind` (and a bill's `service`), and its own `clientReference`. The whole batch is validated first: every row's problems at once, by path (`orders[17].phone`), nothing accepted. It is accepted (202) only if the balance covers its total (402 `wallet.insufficient_funds` otherwise), then bought in the background, one ordinary purchase per order: same idempotency, same money rules, same events.",
      "The same `batchReference` with the same orders answers the batch already accepted (200, `Idempotent-Replay: true`); with other orders, 409 `batch.idempotency_conflict`.",
      "`GET /api/v1/batches/{batchReference}` gives its status (`accepted`, `running`, `completed`), its orders counted (pending, successful, failed), the total it was accepted for and what it has spent; `GET /api/v1/batches/{batchReference}/transactions?cursor=` its orders with their transactions, or why each was refused.",
      "If other purchases drain the wallet mid-batch, the orders not yet bought fail with `wallet.insufficient_funds`, uncharged, and the batch's `stoppedReason` says so.",
      "A new event, `batch.completed`, when every order of a batch has settled; its `data` is the Batch.",
    ],
    added: [
      "POST /api/v1/batches",
      "GET /api/v1/batches/{batchReference}",
      "GET /api/v1/batches/{batchReference}/transactions",
      "WebhookEventType = batch.completed",
      "webhook batch.completed",
      "WebhookEvent | BatchEventV1",
    ],
  },
  {
    date: "2026-11-27",
    title: "Webhooks a reseller can build on: an events feed that never skips, recovery over REST",
    changes: [
      "`GET /api/v1/events` lists events in the order they were recorded, and only once every transaction that began before them has finished, so a reader polling with the cursor or with `since` never misses one that committed late. Each page carries `resumeCursor` (never null) to poll from next time; `since` starts at the first event created at or after it and continues in that order, so it may show a few events again (same ids). Cursors already handed out keep working.",
      'An endpoint\'s delivery log with its attempts, `GET /api/v1/webhook-endpoints/{endpointId}/deliveries?status=&limit=&cursor=` (newest first); resend one delivery\'s event, `POST …/deliveries/{deliveryId}/resend`; resend every failed one since a time, `POST …/resend-failed` with `{ "since" }`. Both resends answer 202 `{ "resent" }`.',
      "The low-balance alert's threshold, `GET|PUT /api/v1/webhook-endpoints/low-balance-threshold` (`{ \"threshold\": kobo | null }`, for the wallet of the key's mode).",
      "`wallet.low_balance` fires on the settled balance (pending purchases counted back in): when a purchase settles successful or an adjustment takes money out, never for a purchase that fails and is refunded.",
      "A 429 or 503 with `Retry-After` no longer uses up a delivery's retries: it is waited for (up to a day at a time) for as long as the retry schedule lasts from the first attempt.",
      "Webhook URLs are judged as they connect when saved: `https://LOCALHOST./` (a trailing dot) and `https://[::127.0.0.1]/` (IPv4-compatible IPv6) are refused with 400 naming `url`, as at delivery.",
    ],
    added: [
      "WebhookEventList.resumeCursor",
      "GET /api/v1/webhook-endpoints/{endpointId}/deliveries",
      "POST /api/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/resend",
      "POST /api/v1/webhook-endpoints/{endpointId}/resend-failed",
      "GET /api/v1/webhook-endpoints/low-balance-threshold",
      "PUT /api/v1/webhook-endpoints/low-balance-threshold",
    ],
  },
  {
    date: "2026-11-27",
    title: "Phone numbers as people write them",
    changes: [
      'Every `phone` field also takes a number written with spaces, hyphens, dots or brackets between its digits (`"0803 123 4567"`, `"0803-123-4567"`, `"+234 803 123 4567"`, `"+234 (0) 803 123 4567"`), and the `002348031234567` and `+23408031234567` forms. It is stored and returned, as before, as `08031234567`, and one number however written is one order for idempotency. Nothing accepted before is refused.',
    ],
    added: [],
  },
  {
    date: "2026-11-26",
    title: "What was delivered; cable TV renewals; WAEC needs the customer's phone",
    changes: [
      'Every Transaction carries what the customer needs to use the purchase: `pins` (every voucher or card sold, `[{ "serial", "pin" }]`: WAEC, JAMB, NECO, broadband PINs), and for electricity `units` and `bonusToken` (a second token some discos issue, e.g. Eko\'s). `token` keeps its meaning (the electricity token, or the first PIN). The same fields are in webhook payloads and both CSVs.',
      'A cable TV payment may renew the customer\'s current subscription: `subscriptionType: "renew"` (the default, `change`, pays for the bouquet `planId`). Verification answers `renewal: { planId, currentBouquet }` with the product that renews it.',
      "A WAEC result checker or registration payment needs the customer's `phone` (400 on `phone` without it): the provider tells such orders apart by the phone number.",
    ],
    added: [
      "Transaction.pins",
      "Transaction.units",
      "Transaction.bonusToken",
      "CustomerVerification.renewal",
      "POST /api/v1/bills/{service}/pay body.subscriptionType",
    ],
  },
  {
    date: "2026-11-26",
    title: "Funding by bank transfer",
    changes: [
      "Each account can have its own bank account number (a Paystack dedicated account): a transfer to it from any Nigerian bank is credited to the wallet within seconds, exactly once, with a `wallet.funded` event. `GET /api/v1/funding-accounts` gives the bank, account number and name, and its state while it is being assigned.",
      "`GET /api/v1/fundings?from=&to=&cursor=` lists every credit: reference, amount credited, fee taken off, channel, payer name and bank, time.",
      "In test mode, `POST /api/v1/fundings/simulate` with a `pk_test_` key credits the test wallet as a transfer would; a live key gets 403 `funding.test_mode_only`.",
    ],
    added: ["GET /api/v1/funding-accounts", "GET /api/v1/fundings", "POST /api/v1/fundings/simulate"],
  },
  {
    date: "2026-11-26",
    title: "Request ids in error bodies; test keys and invoices; dates checked",
    changes: [
      "A test key (`pk_test_...`) asking for an invoice is refused with 403 `invoice.live_only`: invoices are live documents.",
      "Dates and date-times in queries (`from`, `to`, the events' `since`) must fall between 1900-01-01 and 9999-12-30; outside that they are a 400 naming the parameter.",
      "Every `application/problem+json` error body carries `requestId`, the same id as its `X-Request-Id` header: quote it when you contact support. Webhook deliveries already carry theirs: the event id, in the `webhook-id` header and the body's `id`.",
      "This changelog, at `/docs/changelog`, linked from the API reference.",
    ],
    added: ["Problem.requestId"],
  },
  {
    date: "2026-11-24",
    title: "Test mode",
    changes: [
      "Test keys (`pk_test_...`, created in the portal beside live keys) use this same API against the sandbox and a test wallet of play money; nothing they do touches live money, transactions, invoices or webhooks.",
      "Every wallet, transaction, webhook endpoint and event says which world it belongs to: `livemode` is `false` in test mode.",
      "A `clientReference` is unique per mode: the same one may be used once live and once in test mode.",
    ],
    added: [
      "Balance.livemode",
      "Transaction.livemode",
      "WebhookEndpoint.livemode",
      "WebhookEndpointWithSecret.livemode",
      "TransactionEventV1.livemode",
      "WalletEventV1.livemode",
      "ApiKeyEventV1.livemode",
      "WalletEventData.livemode",
      "ApiKeyEventData.livemode",
    ],
  },
  {
    date: "2026-11-24",
    title: "Webhooks and the events list",
    changes: [
      "Register endpoints with `/api/v1/webhook-endpoints` (list, create, read, change, delete, rotate the signing secret, send a `webhook.test` event) and your account's events are POSTed to them as they happen, signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`) and retried until your endpoint answers 2xx.",
      "Events: `transaction.successful`, `transaction.failed`, `transaction.pending` (opt-in), `wallet.funded`, `wallet.low_balance`, `api_key.created`, `api_key.revoked`. Each event's `data` is the object the API returns for that resource.",
      "`GET /api/v1/events` lists the events of the last 30 days.",
      "New error names: 404 `webhook_endpoint.not_found`; 409 `webhook_endpoint.limit_reached`, `webhook_endpoint.disabled`.",
    ],
    added: [
      "GET /api/v1/webhook-endpoints",
      "POST /api/v1/webhook-endpoints",
      "GET /api/v1/webhook-endpoints/{endpointId}",
      "PATCH /api/v1/webhook-endpoints/{endpointId}",
      "DELETE /api/v1/webhook-endpoints/{endpointId}",
      "POST /api/v1/webhook-endpoints/{endpointId}/rotate-secret",
      "POST /api/v1/webhook-endpoints/{endpointId}/test",
      "GET /api/v1/events",
      "webhook transaction.successful",
      "webhook transaction.failed",
      "webhook transaction.pending",
      "webhook wallet.funded",
      "webhook wallet.low_balance",
      "webhook api_key.created",
      "webhook api_key.revoked",
    ],
  },
  {
    date: "2026-11-24",
    title: "Products taken off sale",
    changes: [
      "Our catalog is now administered: networks, data plans and bill products can be taken off sale (never deleted). One that is off sale is absent from the listings.",
      "Buying one gets 422 `plan.unavailable` (a data plan or bill product) or `network.unavailable` (a network's airtime), and nothing is charged. A retry of an order already made is still answered from the stored transaction.",
    ],
    added: ["POST /api/v1/data 422"],
  },
  {
    date: "2026-11-23",
    title: "Invoices: no invoice before the account existed",
    changes: [
      "An invoice for a month before your account was opened gets 404 `invoice.not_found`.",
      "The reference now says what the API already did: `Transaction.productName` is set for airtime too (the network's name and `Airtime`, e.g. `MTN Airtime`), and `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` are sent on every response counted against the key's limit.",
    ],
    added: ["GET /api/v1/invoices/{period}.csv 404", "GET /api/v1/invoices/{period}.pdf 404"],
  },
  {
    date: "2026-11-21",
    title: "Rate limits",
    changes: [
      "Each API key may make a set number of requests per window (the reference's introduction gives this server's). Counted responses carry `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; over the limit the answer is 429 `rate_limit.exceeded` with `Retry-After`, and nothing is done or charged.",
      "A path segment that cannot be stored (a NUL character, invalid Unicode) is refused with 400 on every operation, including `GET /api/v1/bills/{service}/products` and `GET /api/v1/transactions/{clientReference}`.",
    ],
    added: [
      "header.RateLimit-Limit",
      "header.RateLimit-Remaining",
      "header.RateLimit-Reset",
      "GET /api/v1/bills/{service}/products 400",
      "GET /api/v1/transactions/{clientReference} 400",
    ],
  },
  {
    date: "2026-11-21",
    title: "The full v1 contract, published as an OpenAPI 3.1 document",
    changes: [
      "The API reference at `/docs`, from the OpenAPI 3.1 document at `/api/v1/openapi.json` (no key needed): every path under `/api/v1`, field and error name.",
      "Transactions can be looked up by `clientReference` and listed page by page (`from`, `to`, `limit`, `cursor`); every Transaction has its `id`, `status` (`pending`, `successful`, `failed`), `amount`, `recipient`, `productName`, `createdAt` and `completedAt`, and `failureReason` when it failed.",
      "Monthly invoices as CSV and PDF (the calendar month in Africa/Lagos time), with the source address of every purchase.",
      "Every response carries an `X-Request-Id` header. Errors: 402 `wallet.insufficient_funds`, 404 for unknown ids, 422 `customer.invalid` and `amount.out_of_range`, 429, 500, and 503 `provider.unavailable` when a biller cannot be reached to verify a customer.",
    ],
    added: [
      "GET /api/v1/transactions/{clientReference}",
      "GET /api/v1/transactions",
      "GET /api/v1/invoices/{period}.csv",
      "GET /api/v1/invoices/{period}.pdf",
      "GET /api/v1/openapi.json",
      "header.X-Request-Id",
      "Transaction.id",
      "Transaction.status",
      "Transaction.amount",
      "Transaction.recipient",
      "Transaction.productName",
      "Transaction.createdAt",
      "Transaction.completedAt",
      "Transaction.failureReason",
    ],
  },
  {
    date: "after 2026-08-09",
    title: "Retail prices and pricing basis",
    changes: [
      "Plans carry `retailPrice` and `pricingBasis`: with `retail`, sell at `retailPrice` and keep the difference from `price`; with `special`, `retailPrice` is null and you add your own markup to `price`. (The service description records this change without a date.)",
    ],
    added: ["Plan.retailPrice", "Plan.pricingBasis", "PricingBasis = retail", "PricingBasis = special"],
  },
  {
    date: "2026-08-09",
    title: "Networks listing and structured plan fields",
    changes: [
      "`GET /api/v1/networks` lists the airtime networks; its `id` is the `networkId` of an airtime purchase.",
      "Plans carry structured fields, populated once the account is on the product catalog: `productId`, `sizeMb`, `validityDays`, `isUnlimited`, `class`.",
      "Bill product listings carry `productId`.",
    ],
    added: [
      "GET /api/v1/networks",
      "Plan.productId",
      "Plan.sizeMb",
      "Plan.validityDays",
      "Plan.isUnlimited",
      "Plan.class",
      "BillProduct.productId",
    ],
  },
  {
    date: "2026-07-08",
    title: "IP allowlisting",
    changes: [
      "Requests may be restricted to an allowlist of server addresses (IPv4 and IPv6, single addresses or CIDR ranges). Accounts created from July 2026 need one before the API accepts requests.",
      "A request from an address not on the list gets 403 `ip.not_allowed` naming the address; an account that needs a list and has none gets 403 `ip.not_configured`. Nothing is charged.",
    ],
    added: [],
  },
  {
    date: "2026-07",
    title: "Bill payments, idempotent replays and source addresses",
    changes: [
      "Bill payments: list the products, verify a customer and pay, for cable TV, electricity, education and broadband. A Transaction's `service` gains `CableTv`, `Electricity`, `Education` and `Broadband`.",
      "`token` on a Transaction: the electricity prepaid token or the education PIN.",
      "The upstream's reference is named `providerReference`.",
      "Replays are flagged: a retry of a known `clientReference` with the same order returns the stored transaction with `idempotentReplay: true` and an `Idempotent-Replay: true` header; with a different order it gets 409 `transaction.idempotency_conflict`.",
      "The source address of every purchase is recorded.",
      "`ported` was removed from data and airtime purchases; it is ignored if sent.",
    ],
    added: [
      "GET /api/v1/bills/{service}/products",
      "POST /api/v1/bills/{service}/verify",
      "POST /api/v1/bills/{service}/pay",
      "TransactionService = CableTv",
      "TransactionService = Electricity",
      "TransactionService = Education",
      "TransactionService = Broadband",
      "Transaction.token",
      "Transaction.providerReference",
      "Transaction.idempotentReplay",
      "header.Idempotent-Replay",
    ],
  },
];
