/**
 * Generated from the Reseller Purchase API's OpenAPI document by `npm run api:release` (openapi-typescript):
 * do not edit. src/server/api/sdk-types.ts in the platform's repository writes it.
 */

export interface paths {
    "/api/v1/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the wallet balance
         * @description The account's wallet balance in kobo.
         */
        get: operations["getBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/funding-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List funding accounts
         * @description The bank account your wallet is funded through: a transfer from any Nigerian bank to it is credited to the wallet within seconds of the bank telling us, exactly once (the `fee` of each Funding says what was taken off under the `net` fee policy).
         *
         *     The account is requested by the account's owner on the portal's *Fund wallet* page; until then the list is empty. `status` says whether it is being assigned (`pending`), usable (`active`) or could not be assigned (`failed`, with `failureReason`). `available` is false when this service does not take bank transfers.
         *
         *     With a `pk_test_` key: the test wallet's simulated account, which POST /api/v1/fundings/simulate pays into.
         */
        get: operations["listFundingAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/fundings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List fundings
         * @description Every credit of the wallet, newest first: bank transfers (with the payment provider's `reference`, the `fee` taken off and the payer as their bank reported them), fundings an operator recorded by hand, and test top-ups in test mode. Each is also a `wallet.funded` event.
         *
         *     A page at a time: pass `nextCursor` back as `cursor` until it is null.
         */
        get: operations["listFundings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/fundings/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate a transfer (test mode)
         * @description **Test mode only** (a `pk_test_` key): a bank transfer of `amount` to the test wallet's simulated funding account, credited exactly as a real transfer is (the same fee policy; the fee is the provider's, 1% capped at ₦300) and announced by a test-mode `wallet.funded` event, so an integration can try its funding flow end to end.
         *
         *     Each call is a new transfer. A live key is refused with 403 `funding.test_mode_only`.
         */
        post: operations["simulateFunding"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List data plans
         * @description Data plans at **your account's price** (`price`), with the pricing basis that applies to your account.
         *
         *     `retailPrice` is given only for the `retail` basis. `productId`, `sizeMb`, `validityDays`, `isUnlimited` and `class` are null unless your account is on the product catalog (ask your account manager).
         *
         *     Never parse `name`.
         */
        get: operations["listPlans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/networks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List mobile networks
         * @description The networks data plans and airtime are sold on, with each network's airtime bounds.
         */
        get: operations["listNetworks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bills/{service}/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the products of a bill service
         * @description Cable TV bouquets, electricity discos, exam PINs or broadband plans. `fixed` products have a `price`; `variable` ones (electricity) take an `amount` between `minAmount` and `maxAmount`.
         */
        get: operations["listBillProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bills/{service}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a customer
         * @description Asks the biller for the customer behind a smartcard, meter or account number before paying. Nothing is charged. For cable TV, `renewal` says which `planId` renews the customer's current subscription (pay it with `subscriptionType: "renew"`), when the biller offers a renewal one of our products matches.
         */
        post: operations["verifyCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Buy a data plan
         * @description Buys the data plan `planId` for `phone` at your account's price. Idempotent on `clientReference`: a retry with the same reference and order returns the stored transaction (200, `Idempotent-Replay: true`) without charging again. A `ported` field is accepted and ignored.
         */
        post: operations["purchaseData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/airtime": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Buy airtime
         * @description Tops up `phone` on `networkId` with `amount` kobo of airtime, within the network's `airtimeMinAmount`–`airtimeMaxAmount`. Idempotent on `clientReference`: a retry with the same reference and order returns the stored transaction (200, `Idempotent-Replay: true`) without charging again. A `ported` field is accepted and ignored.
         */
        post: operations["purchaseAirtime"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bills/{service}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay a bill
         * @description Pays the bill product `planId` for `customerId`. Idempotent on `clientReference`: a retry with the same reference and order returns the stored transaction (200, `Idempotent-Replay: true`) without charging again.
         *
         *     `amount` is required for `variable` products (electricity) and must not be sent for `fixed` ones (a 400 on `amount`). What the customer needs comes with the successful transaction: electricity's `token`, `units` and `bonusToken`; every card or voucher sold (exam and broadband PINs) in `pins`, with its serial where it has one, the first PIN also as `token`.
         *
         *     Cable TV: `subscriptionType` `change` (the default) pays for the bouquet `planId`; `renew` renews the customer's current subscription as the biller has it, with `planId` the product verification names in `renewal.planId` (a 400 on `planId` otherwise; a 422 `customer.invalid` when the biller offers no renewal we sell). The charge is that product's price either way.
         */
        post: operations["payBill"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Buy in bulk
         * @description Accepts up to 5,000 orders, each exactly the body of a single data, airtime or bill purchase with its `kind` (and a bill's `service`), to be bought in the background, one ordinary purchase per order. The whole batch is validated first: every row's problems are answered at once, each named by its path (`orders[17].phone`), and nothing is accepted. It is accepted only if the balance covers its total now (402 otherwise); nothing is reserved: each order is charged as it is bought, and if the wallet no longer covers one, it and every order not yet started fail with `wallet.insufficient_funds`, uncharged. Idempotent on `batchReference`: the same batch posted again answers the batch already accepted (200, `Idempotent-Replay: true`); other orders under it are a 409. Each order is idempotent on its own `clientReference`: one already in use is a replay of that purchase (never charged again), or a 409 recorded on that order. Follow the batch with GET /api/v1/batches/{batchReference}, or wait for `batch.completed`.
         */
        post: operations["createBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/batches/{batchReference}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a batch
         * @description The batch as it stands now: its status and its orders counted (pending, successful, failed), what it was accepted for and what it has spent.
         */
        get: operations["getBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/batches/{batchReference}/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a batch's orders
         * @description The batch's orders in the batch's order, each with its status and its transaction (as GET /api/v1/transactions/{clientReference} returns it), or why it was refused without a charge; a page at a time: pass `nextCursor` back as `cursor` until it is null.
         */
        get: operations["listBatchTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/transactions/{clientReference}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a transaction
         * @description The transaction as it stands now: how to follow a `pending` purchase until it settles.
         */
        get: operations["getTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List transactions
         * @description The account's transactions, newest first, a page at a time: pass `nextCursor` back as `cursor` until it is null.
         */
        get: operations["listTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices/{period}.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an invoice as CSV
         * @description One row per transaction of the month, failed ones included: `date_lagos`, `transaction_id`, `client_reference`, `provider_reference`, `service`, `product`, `recipient`, `amount_kobo`, `amount_ngn`, `charged_kobo`, `charged_ngn`, `status`, `channel`, `source_ip`. UTF-8 with a byte-order mark, RFC 4180, CRLF. Identifiers (ids, references, recipient, source IP) are written as a text formula `="…"` (inner `"` doubled) so Excel and LibreOffice show them exactly as sent, as text; a program unwraps it (and reads with `utf-8-sig`). Other text starting with `= + - @` is prefixed with an apostrophe. `charged_*` is the amount for successful and pending purchases and 0 for failed ones, so its sum is the month's spend. For the current month (provisional until it ends) or an earlier one back to the month the account was opened; a malformed period or a later month is a 400 on `period`, an earlier month a 404 `invoice.not_found`.
         */
        get: operations["getInvoiceCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invoices/{period}.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download an invoice as PDF
         * @description A statement: issuer and customer, the period, opening and closing balance with each funding and adjustment, purchases per service (every purchase, how many failed, and the amount charged for successful and pending ones), VAT, and a summary of the source addresses of the month (address, count, amount, first and last use); "Page n of N"; a tagged PDF. For the current month (provisional until it ends) or an earlier one back to the month the account was opened; a malformed period or a later month is a 400 on `period`, an earlier month a 404 `invoice.not_found`.
         */
        get: operations["getInvoicePdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Your account's webhook endpoints, oldest first, without their secrets.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Registers a URL that your account's events are POSTed to (see `webhooks` in this document for each event and how deliveries are signed).
         *
         *     The URL must be `https` and reach a public address: loopback, private and link-local addresses, local names, credentials in the URL and fragments are refused (400 naming `url`).
         *
         *     Without `eventTypes` the endpoint receives every event type except the opt-in `transaction.pending`. An account may have 10 endpoints.
         *
         *     The `secret` (`whsec_…`) signs every delivery (see `webhooks` in this document); it is shown in this answer only, so store it now.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{endpointId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description One endpoint, without its secret. `enabled: false` with a `disabledReason` means the service stopped delivering to it (the receiver answered 410 Gone, or failed for days): fix the receiver, then enable it again.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Deletes the endpoint: nothing more is delivered to it, including deliveries still waiting. The events themselves stay listed at GET /api/v1/events.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint
         * @description Changes the fields sent and leaves the others as they are; at least one must be sent. The URL is held to the same rules as on creation.
         *
         *     `enabled: false` stops deliveries (those still waiting are given up); `enabled: true` resumes them and clears a `disabledReason`.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{endpointId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's secret
         * @description Gives the endpoint a new signing secret. For `overlapHours` (24 by default, 0 to 168) deliveries carry two signatures in `webhook-signature`, one per secret, separated by a space, so your receiver can switch to the new secret without missing one; a rotation during an overlap drops the oldest secret.
         *
         *     The body may be left out.
         *
         *     The `secret` (`whsec_…`) signs every delivery (see `webhooks` in this document); it is shown in this answer only, so store it now.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{endpointId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Queues a `webhook.test` event for this endpoint alone, whatever event types it takes, to try your receiver: it is signed and retried like any other delivery, reports no change, and is not listed at GET /api/v1/events.
         *
         *     Its body: `{ "id", "type": "webhook.test", "createdAt", "data": { "endpointId", "message" } }`. No request body.
         */
        post: operations["sendTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{endpointId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an endpoint's deliveries
         * @description The endpoint's delivery log, **newest first**: each event sent to it (or to be sent), its state, and its latest attempts with what your receiver answered, as the portal's Webhooks page shows them.
         *
         *     A page at a time: pass `nextCursor` back as `cursor` until it is null. `status=failed` lists what was given up, to resend one or every failed one since a time.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend one delivery
         * @description Sends the delivery's event to the endpoint again, whatever became of it: a new delivery of the same event, with the same `webhook-id`, retried like any other. A delivery still being retried is tried again now instead.
         *
         *     No request body. The endpoint must be enabled.
         */
        post: operations["resendWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{endpointId}/resend-failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend every failed delivery since a time
         * @description Recovery after an outage of your receiver: every event whose latest delivery to this endpoint since `since` failed (was given up) is sent again, in the order the events happened, each with its own `webhook-id`. An event delivered since, by a resend, is not sent again.
         *
         *     The endpoint must be enabled: re-enable it first (PATCH with `enabled: true`) if the service disabled it.
         */
        post: operations["resendFailedWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/low-balance-threshold": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the low-balance threshold
         * @description The balance below which `wallet.low_balance` is sent (kobo), or null when it is off. It belongs to the wallet of the key's mode: a `pk_test_` key reads the test wallet's.
         */
        get: operations["getLowBalanceThreshold"];
        /**
         * Set the low-balance threshold
         * @description Sets the balance below which `wallet.low_balance` is sent to the endpoints that take it (kobo), or switches it off with null. It fires on the settled balance (purchases still pending counted back in): when a purchase settles successful or an adjustment takes money out, never for a purchase that fails and is refunded; once per crossing.
         *
         *     A threshold above the current balance fires only after the balance has been back at or above it and falls again. A `pk_test_` key sets the test wallet's, to try the event out.
         */
        put: operations["setLowBalanceThreshold"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description Your account's events of the last 30 days, **in the order they were recorded** (oldest first), each exactly as it was (or would have been) delivered to a webhook endpoint: catch up after your receiver was down, or poll instead of receiving webhooks.
         *
         *     A page at a time: pass `nextCursor` back as `cursor` until it is null. `since` starts later; `type` keeps one event type. Test events are not listed.
         *
         *     **The feed never skips.** An event is listed once every change recorded before it has committed, so nothing can appear later at a place you have already paged past. To poll, pass the last page's `resumeCursor` as `cursor` next time (or `since` = the newest `createdAt` you have seen); ignore events you already have by `id`. Events recorded by one change (a purchase's settlement and the low-balance alert it set off) are listed together; an event's `createdAt` can be a moment earlier than the one listed before it.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get this OpenAPI document
         * @description The OpenAPI 3.1 document of this API. No API key needed.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "transaction.successful": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A purchase succeeded
         * @description A purchase settled `successful`: at once, or later after it was left pending. `data` is the Transaction as GET /api/v1/transactions/{clientReference} returns it.
         *
         *     **Delivery** ([Standard Webhooks](https://www.standardwebhooks.com/)): a `POST` of the JSON event below to each of your enabled endpoints that takes this type, with these headers:
         *
         *     - `webhook-id`: the event's id, the body's `id`. It is the same on every retry, so process each id once.
         *     - `webhook-timestamp`: when this attempt was signed, in seconds since the Unix epoch. Refuse one far from your clock (the Standard Webhooks libraries allow five minutes), so a captured delivery cannot be replayed.
         *     - `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` (the raw body, before parsing it), keyed with your endpoint's secret (the base64 after `whsec_`, decoded). During a secret rotation it carries two signatures, one per secret, separated by a space: accept the delivery when any one matches.
         *
         *     Any Standard Webhooks library (`standardwebhooks` on npm and PyPI, among others) verifies all three when given the secret as it is.
         *
         *     **Answer with any 2xx** within 15 s to acknowledge the delivery. Anything else, or no answer in time, is retried later with growing pauses and the same `webhook-id`; a 429 or 503 with `Retry-After` is retried after it; a 410 Gone disables the endpoint. Redirects are not followed. An endpoint receives the events about one transaction, API key or wallet in the order they happened. Every event of the last 30 days can also be read at GET /api/v1/events.
         */
        post: operations["transactionSuccessfulWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A purchase failed
         * @description A purchase settled `failed` and its debit was refunded, including a purchase reversed after it was delivered. `data` is the Transaction as GET /api/v1/transactions/{clientReference} returns it.
         *
         *     **Delivery** ([Standard Webhooks](https://www.standardwebhooks.com/)): a `POST` of the JSON event below to each of your enabled endpoints that takes this type, with these headers:
         *
         *     - `webhook-id`: the event's id, the body's `id`. It is the same on every retry, so process each id once.
         *     - `webhook-timestamp`: when this attempt was signed, in seconds since the Unix epoch. Refuse one far from your clock (the Standard Webhooks libraries allow five minutes), so a captured delivery cannot be replayed.
         *     - `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` (the raw body, before parsing it), keyed with your endpoint's secret (the base64 after `whsec_`, decoded). During a secret rotation it carries two signatures, one per secret, separated by a space: accept the delivery when any one matches.
         *
         *     Any Standard Webhooks library (`standardwebhooks` on npm and PyPI, among others) verifies all three when given the secret as it is.
         *
         *     **Answer with any 2xx** within 15 s to acknowledge the delivery. Anything else, or no answer in time, is retried later with growing pauses and the same `webhook-id`; a 429 or 503 with `Retry-After` is retried after it; a 410 Gone disables the endpoint. Redirects are not followed. An endpoint receives the events about one transaction, API key or wallet in the order they happened. Every event of the last 30 days can also be read at GET /api/v1/events.
         */
        post: operations["transactionFailedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.pending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A purchase was left pending
         * @description The provider could not say yet whether a purchase succeeded; its settlement follows as `transaction.successful` or `transaction.failed`. **Opt-in**: delivered only to endpoints whose `eventTypes` list it. `data` is the Transaction as GET /api/v1/transactions/{clientReference} returns it.
         *
         *     **Delivery** ([Standard Webhooks](https://www.standardwebhooks.com/)): a `POST` of the JSON event below to each of your enabled endpoints that takes this type, with these headers:
         *
         *     - `webhook-id`: the event's id, the body's `id`. It is the same on every retry, so process each id once.
         *     - `webhook-timestamp`: when this attempt was signed, in seconds since the Unix epoch. Refuse one far from your clock (the Standard Webhooks libraries allow five minutes), so a captured delivery cannot be replayed.
         *     - `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` (the raw body, before parsing it), keyed with your endpoint's secret (the base64 after `whsec_`, decoded). During a secret rotation it carries two signatures, one per secret, separated by a space: accept the delivery when any one matches.
         *
         *     Any Standard Webhooks library (`standardwebhooks` on npm and PyPI, among others) verifies all three when given the secret as it is.
         *
         *     **Answer with any 2xx** within 15 s to acknowledge the delivery. Anything else, or no answer in time, is retried later with growing pauses and the same `webhook-id`; a 429 or 503 with `Retry-After` is retried after it; a 410 Gone disables the endpoint. Redirects are not followed. An endpoint receives the events about one transaction, API key or wallet in the order they happened. Every event of the last 30 days can also be read at GET /api/v1/events.
         */
        post: operations["transactionPendingWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "wallet.funded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The wallet was funded
         * @description Money was added to the wallet. `data` is the balance after it (the Balance object), with the `amount` added and the funding's `reference`.
         *
         *     **Delivery** ([Standard Webhooks](https://www.standardwebhooks.com/)): a `POST` of the JSON event below to each of your enabled endpoints that takes this type, with these headers:
         *
         *     - `webhook-id`: the event's id, the body's `id`. It is the same on every retry, so process each id once.
         *     - `webhook-timestamp`: when this attempt was signed, in seconds since the Unix epoch. Refuse one far from your clock (the Standard Webhooks libraries allow five minutes), so a captured delivery cannot be replayed.
         *     - `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` (the raw body, before parsing it), keyed with your endpoint's secret (the base64 after `whsec_`, decoded). During a secret rotation it carries two signatures, one per secret, separated by a space: accept the delivery when any one matches.
         *
         *     Any Standard Webhooks library (`standardwebhooks` on npm and PyPI, among others) verifies all three when given the secret as it is.
         *
         *     **Answer with any 2xx** within 15 s to acknowledge the delivery. Anything else, or no answer in time, is retried later with growing pauses and the same `webhook-id`; a 429 or 503 with `Retry-After` is retried after it; a 410 Gone disables the endpoint. Redirects are not followed. An endpoint receives the events about one transaction, API key or wallet in the order they happened. Every event of the last 30 days can also be read at GET /api/v1/events.
         */
        post: operations["walletFundedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "wallet.low_balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The balance fell below the threshold
         * @description The wallet's settled balance fell below the low-balance threshold set for the account: a purchase settled successful, or an adjustment took money out. The settled balance counts purchases still pending as not yet spent, so a purchase that fails and is refunded never fires it. Once per crossing: it fires again only after the balance was back at or above the threshold. `data` is the settled balance (`balance`), with the threshold as `amount`.
         *
         *     **Delivery** ([Standard Webhooks](https://www.standardwebhooks.com/)): a `POST` of the JSON event below to each of your enabled endpoints that takes this type, with these headers:
         *
         *     - `webhook-id`: the event's id, the body's `id`. It is the same on every retry, so process each id once.
         *     - `webhook-timestamp`: when this attempt was signed, in seconds since the Unix epoch. Refuse one far from your clock (the Standard Webhooks libraries allow five minutes), so a captured delivery cannot be replayed.
         *     - `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` (the raw body, before parsing it), keyed with your endpoint's secret (the base64 after `whsec_`, decoded). During a secret rotation it carries two signatures, one per secret, separated by a space: accept the delivery when any one matches.
         *
         *     Any Standard Webhooks library (`standardwebhooks` on npm and PyPI, among others) verifies all three when given the secret as it is.
         *
         *     **Answer with any 2xx** within 15 s to acknowledge the delivery. Anything else, or no answer in time, is retried later with growing pauses and the same `webhook-id`; a 429 or 503 with `Retry-After` is retried after it; a 410 Gone disables the endpoint. Redirects are not followed. An endpoint receives the events about one transaction, API key or wallet in the order they happened. Every event of the last 30 days can also be read at GET /api/v1/events.
         */
        post: operations["walletLowBalanceWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "api_key.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An API key was created
         * @description An API key of the account was created. `data` describes the key, never the key itself.
         *
         *     **Delivery** ([Standard Webhooks](https://www.standardwebhooks.com/)): a `POST` of the JSON event below to each of your enabled endpoints that takes this type, with these headers:
         *
         *     - `webhook-id`: the event's id, the body's `id`. It is the same on every retry, so process each id once.
         *     - `webhook-timestamp`: when this attempt was signed, in seconds since the Unix epoch. Refuse one far from your clock (the Standard Webhooks libraries allow five minutes), so a captured delivery cannot be replayed.
         *     - `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` (the raw body, before parsing it), keyed with your endpoint's secret (the base64 after `whsec_`, decoded). During a secret rotation it carries two signatures, one per secret, separated by a space: accept the delivery when any one matches.
         *
         *     Any Standard Webhooks library (`standardwebhooks` on npm and PyPI, among others) verifies all three when given the secret as it is.
         *
         *     **Answer with any 2xx** within 15 s to acknowledge the delivery. Anything else, or no answer in time, is retried later with growing pauses and the same `webhook-id`; a 429 or 503 with `Retry-After` is retried after it; a 410 Gone disables the endpoint. Redirects are not followed. An endpoint receives the events about one transaction, API key or wallet in the order they happened. Every event of the last 30 days can also be read at GET /api/v1/events.
         */
        post: operations["apiKeyCreatedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "api_key.revoked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An API key was revoked
         * @description An API key of the account was revoked; it stopped working at once. `data` describes the key, with `revokedAt`.
         *
         *     **Delivery** ([Standard Webhooks](https://www.standardwebhooks.com/)): a `POST` of the JSON event below to each of your enabled endpoints that takes this type, with these headers:
         *
         *     - `webhook-id`: the event's id, the body's `id`. It is the same on every retry, so process each id once.
         *     - `webhook-timestamp`: when this attempt was signed, in seconds since the Unix epoch. Refuse one far from your clock (the Standard Webhooks libraries allow five minutes), so a captured delivery cannot be replayed.
         *     - `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` (the raw body, before parsing it), keyed with your endpoint's secret (the base64 after `whsec_`, decoded). During a secret rotation it carries two signatures, one per secret, separated by a space: accept the delivery when any one matches.
         *
         *     Any Standard Webhooks library (`standardwebhooks` on npm and PyPI, among others) verifies all three when given the secret as it is.
         *
         *     **Answer with any 2xx** within 15 s to acknowledge the delivery. Anything else, or no answer in time, is retried later with growing pauses and the same `webhook-id`; a 429 or 503 with `Retry-After` is retried after it; a 410 Gone disables the endpoint. Redirects are not followed. An endpoint receives the events about one transaction, API key or wallet in the order they happened. Every event of the last 30 days can also be read at GET /api/v1/events.
         */
        post: operations["apiKeyRevokedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "batch.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A batch completed
         * @description Every order of a batch (POST /api/v1/batches) settled: successful, or failed and never charged or refunded; once per batch. `data` is the Batch as GET /api/v1/batches/{batchReference} returns it, with its final counts and `spent`.
         *
         *     **Delivery** ([Standard Webhooks](https://www.standardwebhooks.com/)): a `POST` of the JSON event below to each of your enabled endpoints that takes this type, with these headers:
         *
         *     - `webhook-id`: the event's id, the body's `id`. It is the same on every retry, so process each id once.
         *     - `webhook-timestamp`: when this attempt was signed, in seconds since the Unix epoch. Refuse one far from your clock (the Standard Webhooks libraries allow five minutes), so a captured delivery cannot be replayed.
         *     - `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` (the raw body, before parsing it), keyed with your endpoint's secret (the base64 after `whsec_`, decoded). During a secret rotation it carries two signatures, one per secret, separated by a space: accept the delivery when any one matches.
         *
         *     Any Standard Webhooks library (`standardwebhooks` on npm and PyPI, among others) verifies all three when given the secret as it is.
         *
         *     **Answer with any 2xx** within 15 s to acknowledge the delivery. Anything else, or no answer in time, is retried later with growing pauses and the same `webhook-id`; a 429 or 503 with `Retry-After` is retried after it; a 410 Gone disables the endpoint. Redirects are not followed. An endpoint receives the events about one transaction, API key or wallet in the order they happened. Every event of the last 30 days can also be read at GET /api/v1/events.
         */
        post: operations["batchCompletedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description A data purchase: the body of POST /api/v1/data, with `kind: "data"`. */
        BatchDataOrder: {
            /**
             * @description Your own reference for this purchase, unique per account across all kinds of purchase: a retry with the same reference is never charged twice.
             * @example order-10001
             */
            clientReference: string;
            /**
             * @description A data plan (GET /api/v1/plans).
             * @example mtn-1gb-30d
             */
            planId: string;
            /**
             * @description A Nigerian mobile number: 08031234567, 2348031234567, +2348031234567 or 002348031234567 (with or without the 0 after 234), with or without spaces, hyphens, dots or brackets between the digits ("0803 123 4567", "+234 (0) 803-123-4567"). Stored and returned as the 11-digit local form, 08031234567.
             * @example 08031234567
             */
            phone: string;
            /** @constant */
            kind: "data";
        };
        /** @description An airtime purchase: the body of POST /api/v1/airtime, with `kind: "airtime"`. */
        BatchAirtimeOrder: {
            /**
             * @description Your own reference for this purchase, unique per account across all kinds of purchase: a retry with the same reference is never charged twice.
             * @example order-10001
             */
            clientReference: string;
            /**
             * @description A network (GET /api/v1/networks).
             * @example mtn
             */
            networkId: string;
            /**
             * @description A Nigerian mobile number: 08031234567, 2348031234567, +2348031234567 or 002348031234567 (with or without the 0 after 234), with or without spaces, hyphens, dots or brackets between the digits ("0803 123 4567", "+234 (0) 803-123-4567"). Stored and returned as the 11-digit local form, 08031234567.
             * @example 08031234567
             */
            phone: string;
            /**
             * @description An amount in kobo (100 kobo = ₦1).
             * @example 50000
             */
            amount: number;
            /** @constant */
            kind: "airtime";
        };
        /** @description A bill payment: the body of POST /api/v1/bills/{service}/pay, with `kind: "bill"` and its `service`. */
        BatchBillOrder: {
            /**
             * @description Your own reference for this purchase, unique per account across all kinds of purchase: a retry with the same reference is never charged twice.
             * @example order-10001
             */
            clientReference: string;
            /**
             * @description A product of this bill service (GET /api/v1/bills/{service}/products).
             * @example ikeja-electric-prepaid
             */
            planId: string;
            /**
             * @description The smartcard, meter, candidate or account number.
             * @example 45012345678
             */
            customerId: string;
            /**
             * @description Cable TV only. `change` (the default): pay for the bouquet `planId`, a new or changed subscription. `renew`: renew the customer's current subscription as the biller has it; `planId` must then be the product verification names in `renewal.planId`, whose price is charged.
             * @example renew
             * @enum {string}
             */
            subscriptionType?: "change" | "renew";
            /**
             * @description Kobo. Required for variable-amount products (electricity), refused for fixed-price ones.
             * @example 500000
             */
            amount?: number;
            /**
             * @description The customer's phone: where the biller texts the token, PIN or receipt, when it does. Required by some providers for PINs bought without a customer id of the biller's (WAEC result checker and registration through VTpass, which tells such orders apart by the phone): without it, a 400 on `phone`, nothing charged.
             * @example 08031234567
             */
            phone?: string;
            /** @constant */
            kind: "bill";
            /**
             * @description The bill service, as in POST /api/v1/bills/{service}/pay.
             * @example electricity
             * @enum {string}
             */
            service: "cable-tv" | "electricity" | "education" | "broadband";
        };
        /**
         * @description `transaction.pending` is delivered only to endpoints that list it.
         * @enum {string}
         */
        WebhookEventType: "transaction.successful" | "transaction.failed" | "transaction.pending" | "wallet.funded" | "wallet.low_balance" | "api_key.created" | "api_key.revoked" | "batch.completed";
        /** @description A purchase settled (`successful`, `failed`: refunded, including a reversal after delivery) or was left `pending`. */
        TransactionEventV1: {
            /**
             * @description The event's id; the `webhook-id` header. The same on every retry and resend.
             * @example evt_019ab3f2c7e1a94c2e1730235f566409
             */
            id: string;
            /**
             * Format: date-time
             * @description When the change it reports was made.
             */
            createdAt: string;
            /**
             * @description `false` when this event belongs to test mode (a `pk_test_` key: the sandbox and the test wallet), `true` when live.
             * @example true
             */
            livemode: boolean;
            /** @enum {string} */
            type: "transaction.successful" | "transaction.failed" | "transaction.pending";
            data: components["schemas"]["Transaction"];
        };
        /** @description A purchase (data, airtime or a bill payment). */
        Transaction: {
            /**
             * Format: uuid
             * @description Our id of the transaction.
             */
            id: string;
            service: components["schemas"]["TransactionService"];
            /**
             * @description `pending` transactions settle later (GET /api/v1/transactions/{clientReference}); a `failed` one has been refunded.
             * @enum {string}
             */
            status: "pending" | "successful" | "failed";
            /** @example order-10001 */
            clientReference: string;
            /**
             * @description The provider's reference; null until the provider answered.
             * @example SBX-AZX0JE3ZAPRA4GFPBJ7H
             */
            providerReference: string | null;
            /**
             * @description The data plan or bill product; null for airtime.
             * @example mtn-1gb-30d
             */
            planId: string | null;
            /**
             * @description For data and airtime; null for bills.
             * @example mtn
             */
            networkId: string | null;
            /**
             * @description The data plan or bill product name at the time of purchase; for airtime the network's name and `Airtime`, e.g. `MTN Airtime`. Every purchase kind sets it.
             * @example MTN 1GB (SME) – 30 days
             */
            productName: string | null;
            /**
             * @description The phone number (data, airtime) or customer id (bills).
             * @example 08031234567
             */
            recipient: string;
            /**
             * @description The biller's name for the customer (bills); null otherwise.
             * @example null
             */
            customerName: string | null;
            /**
             * @description The amount charged to the wallet, kobo.
             * @example 28000
             */
            amount: number;
            /**
             * @description The electricity prepaid token, or the first PIN of `pins`, once the purchase is successful; null otherwise (and while pending).
             * @example null
             */
            token: string | null;
            /**
             * @description Every voucher or card sold, once the purchase is successful: exam PINs (WAEC result checker and registration, JAMB, NECO), broadband PINs, e-PINs. Null for products credited to the recipient directly (data, airtime, cable TV, electricity) and while pending.
             * @example null
             */
            pins: components["schemas"]["DeliveredPin"][] | null;
            /**
             * @description Electricity: the units the token loads, as the biller states them (e.g. `79.9 kWh`); null otherwise or when not stated.
             * @example null
             */
            units: string | null;
            /**
             * @description Electricity: a second token some distribution companies issue with the first (Eko's free basic electricity, FBE), to be loaded too; null otherwise.
             * @example null
             */
            bonusToken: string | null;
            /**
             * @description Why a `failed` transaction failed; null otherwise.
             * @example null
             */
            failureReason: string | null;
            /**
             * Format: date-time
             * @example 2026-06-15T09:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it became successful or failed; null while pending.
             * @example 2026-06-15T09:30:01.250Z
             */
            completedAt: string | null;
            /**
             * @description `false` when this transaction belongs to test mode (a `pk_test_` key: the sandbox and the test wallet), `true` when live.
             * @example true
             */
            livemode: boolean;
            /**
             * @description Present, and true, only on replays of a known `clientReference`.
             * @constant
             */
            idempotentReplay?: true;
        };
        /** @enum {string} */
        TransactionService: "Data" | "Airtime" | "CableTv" | "Electricity" | "Education" | "Broadband";
        /** @description One voucher or card sold. */
        DeliveredPin: {
            /**
             * @description The card's serial number, when the card has one (a WAEC result checker card does: its portal asks for both).
             * @example WRN123456790
             */
            serial: string | null;
            /**
             * @description The PIN (or token) itself.
             * @example 098765432112
             */
            pin: string;
        };
        /** @description The wallet was funded, or its balance fell below the threshold. */
        WalletEventV1: {
            /**
             * @description The event's id; the `webhook-id` header. The same on every retry and resend.
             * @example evt_019ab3f2c7e1a94c2e1730235f566409
             */
            id: string;
            /**
             * Format: date-time
             * @description When the change it reports was made.
             */
            createdAt: string;
            /**
             * @description `false` when this event belongs to test mode (a `pk_test_` key: the sandbox and the test wallet), `true` when live.
             * @example true
             */
            livemode: boolean;
            /** @enum {string} */
            type: "wallet.funded" | "wallet.low_balance";
            data: components["schemas"]["WalletEventData"];
        };
        /** @description The wallet's balance after the change (the Balance object), and what changed. */
        WalletEventData: {
            /**
             * @description The wallet balance in kobo (100 kobo = ₦1).
             * @example 2500000
             */
            balance: number;
            /** @constant */
            currency: "NGN";
            /**
             * @description `false` when this wallet belongs to test mode (a `pk_test_` key: the sandbox and the test wallet), `true` when live.
             * @example true
             */
            livemode: boolean;
            /** @description wallet.funded: the amount added, kobo. wallet.low_balance: the threshold crossed, kobo. */
            amount: number;
            /** @description wallet.funded: the funding's reference; null otherwise. */
            reference: string | null;
        };
        /** @description An API key was created or revoked. */
        ApiKeyEventV1: {
            /**
             * @description The event's id; the `webhook-id` header. The same on every retry and resend.
             * @example evt_019ab3f2c7e1a94c2e1730235f566409
             */
            id: string;
            /**
             * Format: date-time
             * @description When the change it reports was made.
             */
            createdAt: string;
            /**
             * @description `false` when this event belongs to test mode (a `pk_test_` key: the sandbox and the test wallet), `true` when live.
             * @example true
             */
            livemode: boolean;
            /** @enum {string} */
            type: "api_key.created" | "api_key.revoked";
            data: components["schemas"]["ApiKeyEventData"];
        };
        /** @description The API key, never the key itself. */
        ApiKeyEventData: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @example pk_live_ */
            prefix: string;
            /** @example a1b2 */
            lastFour: string | null;
            /**
             * @description `false` when this API key belongs to test mode (a `pk_test_` key: the sandbox and the test wallet), `true` when live.
             * @example true
             */
            livemode: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            revokedAt: string | null;
        };
        /** @description Every order of a batch settled (successful, or failed and never charged or refunded). */
        BatchEventV1: {
            /**
             * @description The event's id; the `webhook-id` header. The same on every retry and resend.
             * @example evt_019ab3f2c7e1a94c2e1730235f566409
             */
            id: string;
            /**
             * Format: date-time
             * @description When the change it reports was made.
             */
            createdAt: string;
            /**
             * @description `false` when this event belongs to test mode (a `pk_test_` key: the sandbox and the test wallet), `true` when live.
             * @example true
             */
            livemode: boolean;
            /** @enum {string} */
            type: "batch.completed";
            data: components["schemas"]["Batch"];
        };
        /** @description A batch of purchases and where its orders stand. */
        Batch: {
            /**
             * Format: uuid
             * @description Our id of the batch.
             */
            id: string;
            /** @example staff-topup-2026-11 */
            batchReference: string;
            status: components["schemas"]["BatchStatus"];
            counts: components["schemas"]["BatchCounts"];
            /**
             * @description What the batch's orders cost at your prices when it was accepted, kobo: the total the balance had to cover. Orders whose `clientReference` was already in use count nothing (they are replays or conflicts, never charged again).
             * @example 28000000
             */
            amount: number;
            /**
             * @description What the batch's purchases have charged so far and keep charged (successful and pending ones), kobo.
             * @example 27916000
             */
            spent: number;
            /**
             * @description Why the batch stopped buying before its last order: `wallet.insufficient_funds` when the wallet no longer covered an order (every order not yet started then failed with that error, uncharged), `unauthorized` when the key or user that made it was revoked or disabled; null otherwise.
             * @example null
             */
            stoppedReason: string | null;
            /**
             * Format: date-time
             * @example 2026-11-27T09:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When its last order settled; null until then.
             * @example 2026-11-27T09:31:40.250Z
             */
            completedAt: string | null;
            /**
             * @description `false` when this batch belongs to test mode (a `pk_test_` key: the sandbox and the test wallet), `true` when live.
             * @example true
             */
            livemode: boolean;
            /**
             * @description Present, and true, only when the same batch was posted again with its `batchReference`.
             * @constant
             */
            idempotentReplay?: true;
        };
        /**
         * @description `accepted`: no order started yet. `running`: its orders are being bought, or some wait for the provider. `completed`: every order is settled (successful, or failed and never charged or refunded); `batch.completed` is sent then.
         * @enum {string}
         */
        BatchStatus: "accepted" | "running" | "completed";
        BatchCounts: {
            /**
             * @description Orders in the batch.
             * @example 1000
             */
            total: number;
            /**
             * @description Orders not yet bought, or bought and waiting for the provider.
             * @example 0
             */
            pending: number;
            /**
             * @description Orders whose purchase is successful.
             * @example 997
             */
            successful: number;
            /**
             * @description Orders that failed: refunded, or refused without a charge (see each order's `error`).
             * @example 3
             */
            failed: number;
        };
        /** @description The wallet balance of the key's mode: the live wallet, or the test wallet for a `pk_test_` key. */
        Balance: {
            /**
             * @description The wallet balance in kobo (100 kobo = ₦1).
             * @example 2500000
             */
            balance: number;
            /** @constant */
            currency: "NGN";
            /**
             * @description `false` when this wallet belongs to test mode (a `pk_test_` key: the sandbox and the test wallet), `true` when live.
             * @example true
             */
            livemode: boolean;
        };
        /** @description An `application/problem+json` error (RFC 9457). */
        Problem: {
            /**
             * @description A URI identifying the kind of problem.
             * @example https://www.rfc-editor.org/rfc/rfc9110#section-15.5.1
             */
            type: string;
            /** @example Bad Request */
            title: string;
            /**
             * @description The HTTP status code.
             * @example 400
             */
            status: number;
            /**
             * @description A human-readable explanation. Absent on the IP-allowlist 403s.
             * @example must be a Nigerian mobile number such as 08031234567
             */
            detail?: string;
            errors: {
                /**
                 * @description The offending field's path, an error name such as `wallet.insufficient_funds`, or `generalErrors`.
                 * @example phone
                 */
                name: string;
                /** @example must be a Nigerian mobile number such as 08031234567 */
                reason: string;
            }[];
            /**
             * @description This request's id, the same as its `X-Request-Id` header: quote it when you contact support.
             * @example 4f5c2a8e-1d3b-4c6f-9a7e-2b8d0c1e3f4a
             */
            requestId: string;
        };
        FundingAccountList: {
            data: components["schemas"]["FundingAccount"][];
            /** @description Whether this service takes bank transfers in the key's mode. False when live funding by bank transfer is not configured (test mode always has its simulated account). */
            available: boolean;
        };
        /** @description A bank account number of the account's own: a transfer to it funds the wallet. */
        FundingAccount: {
            /**
             * @description `paystack`: a Paystack Dedicated Virtual Account (live). `simulated`: test mode's account, which no bank can pay into.
             * @enum {string}
             */
            provider: "paystack" | "simulated";
            /**
             * @description Null until the account is assigned.
             * @example Wema Bank
             */
            bankName: string | null;
            /**
             * @description The 10-digit NUBAN; null until assigned.
             * @example 9930000123
             */
            accountNumber: string | null;
            /** @example RESELLER/DEMO RESELLER LTD */
            accountName: string | null;
            /**
             * @description `pending`: requested, the bank is assigning it (usually seconds). `active`: transfers to it credit the wallet. `failed`: it could not be assigned (see `failureReason`); it can be requested again. `deactivated`: transfers to it are no longer credited automatically.
             * @enum {string}
             */
            status: "pending" | "active" | "failed" | "deactivated";
            /**
             * @description Why it could not be assigned, or was deactivated; null otherwise.
             * @example null
             */
            failureReason: string | null;
            feePolicy: components["schemas"]["FeePolicy"];
            /**
             * @description `false` when this funding account belongs to test mode (a `pk_test_` key: the sandbox and the test wallet), `true` when live.
             * @example true
             */
            livemode: boolean;
        };
        /**
         * @description How a transfer is credited: `net`, the amount less the payment provider's fee (the `fee` of each Funding); `gross`, the whole amount (the service pays the fee).
         * @enum {string}
         */
        FeePolicy: "net" | "gross";
        FundingList: {
            data: components["schemas"]["Funding"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        /** @description One credit of the wallet: a FUNDING ledger entry, announced by a `wallet.funded` event. */
        Funding: {
            /**
             * @description The funding's id (its ledger entry).
             * @example 184467
             */
            id: string;
            /**
             * @description The payment provider's transaction reference for a bank transfer (Paystack's `reference`); the operator's reference for a manual funding.
             * @example T683529845293712
             */
            reference: string | null;
            /**
             * @description What the wallet was credited, kobo.
             * @example 990000
             */
            amount: number;
            /**
             * @description What was taken off the transfer before crediting it, kobo (0 under the `gross` fee policy and for manual fundings): `amount + fee` is what was paid.
             * @example 10000
             */
            fee: number;
            /**
             * @description `bank_transfer`: a transfer to the account's funding account (simulated in test mode). `manual`: credited by an operator for a payment made another way. `test_top_up`: play money added to the test wallet.
             * @enum {string}
             */
            channel: "bank_transfer" | "manual" | "test_top_up";
            /**
             * @description The sender's name as their bank gave it; null when unknown.
             * @example ADAEZE OKONKWO
             */
            payerName: string | null;
            /**
             * @description The sender's bank; null when unknown.
             * @example Guaranty Trust Bank
             */
            payerBank: string | null;
            /**
             * Format: date-time
             * @description When the transfer was paid, as the bank reports it; null for other channels.
             */
            paidAt: string | null;
            /**
             * Format: date-time
             * @description When the wallet was credited.
             * @example 2026-06-15T09:30:01.250Z
             */
            createdAt: string;
            /**
             * @description `false` when this funding belongs to test mode (a `pk_test_` key: the sandbox and the test wallet), `true` when live.
             * @example true
             */
            livemode: boolean;
        };
        PlanList: {
            data: components["schemas"]["Plan"][];
        };
        /** @description A data plan as the calling account sees it: its own price and pricing basis. */
        Plan: {
            /**
             * @description What POST /api/v1/data takes as `planId`.
             * @example mtn-1gb-30d
             */
            planId: string;
            /** @example mtn */
            networkId: string;
            /**
             * @description A label for people; never parse it.
             * @example MTN 1GB (SME) – 30 days
             */
            name: string;
            /**
             * @description What this account pays, kobo.
             * @example 28000
             */
            price: number;
            /**
             * @description The published retail price, kobo; null whenever `pricingBasis` is `special`.
             * @example 35000
             */
            retailPrice: number | null;
            pricingBasis: components["schemas"]["PricingBasis"];
            /**
             * @description The same bundle has the same productId on every network. Null unless the account is on the product catalog.
             * @example data-1gb-30d
             */
            productId: string | null;
            /**
             * @description Bundle size in MB. Null when `isUnlimited` is true (an unlimited bundle has no size, and no fair-usage cap is published), and null unless the account is on the product catalog.
             * @example 1024
             */
            sizeMb: number | null;
            /**
             * @description Null unless the account is on the product catalog.
             * @example 30
             */
            validityDays: number | null;
            /**
             * @description Null unless the account is on the product catalog.
             * @example false
             */
            isUnlimited: boolean | null;
            /**
             * @description SME, Corporate, Gifting, ...; null unless the account is on the product catalog.
             * @example SME
             */
            class: string | null;
        };
        /**
         * @description `retail`: a network's own bundle, sold below its published `retailPrice`. `special`: a negotiated (SME, Corporate) bundle with no published retail price.
         * @enum {string}
         */
        PricingBasis: "retail" | "special";
        NetworkList: {
            data: components["schemas"]["Network"][];
        };
        /** @description A mobile network. */
        Network: {
            /**
             * @description The network id used by plans and airtime purchases.
             * @example mtn
             */
            id: string;
            /** @example MTN */
            name: string;
            /**
             * @description The smallest airtime purchase on this network, kobo.
             * @example 5000
             */
            airtimeMinAmount: number;
            /**
             * @description The largest airtime purchase on this network, kobo.
             * @example 5000000
             */
            airtimeMaxAmount: number;
        };
        BillProductList: {
            data: components["schemas"]["BillProduct"][];
        };
        /** @description A product of a bill service (cable TV bouquet, electricity disco, exam PIN, broadband plan). */
        BillProduct: {
            /**
             * @description What the verify and pay endpoints take as `planId`.
             * @example dstv-compact
             */
            planId: string;
            /** @example dstv-compact */
            productId: string;
            /** @example DStv Compact */
            name: string;
            /** @example DStv */
            biller: string;
            /**
             * @description `variable` products (electricity) take an `amount` when paid; `fixed` ones must not.
             * @enum {string}
             */
            amountType: "fixed" | "variable";
            /**
             * @description The price of a fixed product, kobo; null for variable ones.
             * @example 1900000
             */
            price: number | null;
            /**
             * @description The smallest amount of a variable product, kobo; null for fixed ones.
             * @example 100000
             */
            minAmount: number | null;
            /**
             * @description The largest amount of a variable product, kobo; null for fixed ones.
             * @example 50000000
             */
            maxAmount: number | null;
        };
        /** @description The biller's record of a customer. Nothing is charged for a verification. */
        CustomerVerification: {
            /** @example 45012345678 */
            customerId: string;
            /**
             * @description The name the biller holds for this customer.
             * @example ADEBAYO OLUWASEUN
             */
            customerName: string;
            /** @example ikeja-electric-prepaid */
            planId: string;
            /** @example Ikeja Electric */
            biller: string;
            /**
             * @description Whatever else the biller tells about the customer (address, meter type, current bouquet, ...).
             * @example {
             *       "address": "12 Allen Avenue, Ikeja"
             *     }
             */
            details: {
                [key: string]: string;
            };
            /**
             * @description Cable TV: how to renew the customer's current subscription, when the biller offers a renewal one of our products matches; null otherwise (and for other services).
             * @example null
             */
            renewal: {
                /**
                 * @description Pay this product with `subscriptionType: "renew"` to renew the customer's current subscription; its price is charged.
                 * @example dstv-compact
                 */
                planId: string;
                /**
                 * @description The bouquet as the biller names it.
                 * @example DStv Compact
                 */
                currentBouquet: string | null;
            } | null;
        };
        BatchTransactionList: {
            data: components["schemas"]["BatchTransaction"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        /** @description One order of a batch and its transaction. */
        BatchTransaction: {
            /**
             * @description The order's index in the batch's `orders` (from 0).
             * @example 17
             */
            position: number;
            /** @enum {string} */
            kind: "data" | "airtime" | "bill";
            /** @example staff-0018 */
            clientReference: string;
            /**
             * @description The order's: its transaction's status once bought; `failed` also when it was refused without a charge (`error`); `pending` until then.
             * @enum {string}
             */
            status: "pending" | "successful" | "failed";
            /** @description Why the order was refused without a charge, as a single purchase would have been answered (`wallet.insufficient_funds`, `transaction.idempotency_conflict`, `customer.invalid`, ...); null otherwise. */
            error: components["schemas"]["BatchOrderError"] | null;
            /** @description The order's transaction, as GET /api/v1/transactions/{clientReference} returns it (a replay's is the one stored before); null until it is bought, and for an order refused without a charge. */
            transaction: components["schemas"]["Transaction"] | null;
        };
        /** @description Why an order was refused without a charge. */
        BatchOrderError: {
            /**
             * @description The error name a single purchase would have been answered with.
             * @example customer.invalid
             */
            name: string;
            /** @example Customer 4501239999 was not found at Ikeja Electric. */
            reason: string;
        };
        TransactionList: {
            data: components["schemas"]["Transaction"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        WebhookEndpointList: {
            data: components["schemas"]["WebhookEndpoint"][];
        };
        /** @description Where the account's events of one mode are delivered: an endpoint made with a `pk_test_` key receives only test-mode events. The secret is shown only when created or rotated. */
        WebhookEndpoint: {
            /** Format: uuid */
            id: string;
            /** @example https://example.com/hooks/vtu */
            url: string;
            description: string;
            eventTypes: components["schemas"]["WebhookEventType"][];
            enabled: boolean;
            /** @description Why the service disabled it (the receiver answered 410 Gone, or failed for days); null otherwise. */
            disabledReason: string | null;
            /**
             * Format: date-time
             * @description The first of the current run of failed attempts; null after a success.
             */
            failingSince: string | null;
            /**
             * Format: date-time
             * @description Until then deliveries are signed with the previous secret as well as the new one.
             */
            secretRotatedUntil: string | null;
            /** Format: date-time */
            createdAt: string;
            /**
             * @description `false` when this endpoint belongs to test mode (a `pk_test_` key: the sandbox and the test wallet), `true` when live.
             * @example true
             */
            livemode: boolean;
        };
        /** @description A new or rotated endpoint, with its signing secret (shown once). */
        WebhookEndpointWithSecret: {
            /** Format: uuid */
            id: string;
            /** @example https://example.com/hooks/vtu */
            url: string;
            description: string;
            eventTypes: components["schemas"]["WebhookEventType"][];
            enabled: boolean;
            /** @description Why the service disabled it (the receiver answered 410 Gone, or failed for days); null otherwise. */
            disabledReason: string | null;
            /**
             * Format: date-time
             * @description The first of the current run of failed attempts; null after a success.
             */
            failingSince: string | null;
            /**
             * Format: date-time
             * @description Until then deliveries are signed with the previous secret as well as the new one.
             */
            secretRotatedUntil: string | null;
            /** Format: date-time */
            createdAt: string;
            /**
             * @description `false` when this endpoint belongs to test mode (a `pk_test_` key: the sandbox and the test wallet), `true` when live.
             * @example true
             */
            livemode: boolean;
            /**
             * @description `whsec_` and base64 of 32 random bytes; shown once.
             * @example whsec_BwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSY=
             */
            secret: string;
        };
        WebhookEndpointDeleted: {
            /**
             * Format: uuid
             * @description The deleted endpoint's id.
             */
            id: string;
            /** @constant */
            deleted: true;
        };
        WebhookTestEventSent: {
            /**
             * @description The test event's id: the `webhook-id` header of its delivery.
             * @example evt_019ab3f2c7e1a94c2e1730235f566409
             */
            eventId: string;
        };
        WebhookDeliveryList: {
            data: components["schemas"]["WebhookDelivery"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
        };
        /** @description One event to one endpoint: retried until a 2xx or the schedule runs out. A resend is a new delivery. */
        WebhookDelivery: {
            /**
             * @description The delivery's id (resend it with this).
             * @example 48213
             */
            id: string;
            /**
             * @description The event delivered: the `webhook-id` header.
             * @example evt_019ab3f2c7e1a94c2e1730235f566409
             */
            eventId: string;
            /**
             * @description The event's type (or `webhook.test`).
             * @example transaction.successful
             */
            eventType: string;
            /**
             * @description `pending`: to be sent, or retried; `succeeded`: the receiver answered 2xx; `failed`: given up, or the endpoint was disabled.
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it is tried next, while pending.
             */
            nextAttemptAt: string | null;
            /** @description Every attempt made, throttled ones included. */
            attemptCount: number;
            /** @description The latest 20 attempts, oldest first. */
            attempts: components["schemas"]["WebhookAttempt"][];
        };
        WebhookAttempt: {
            /** Format: date-time */
            attemptedAt: string;
            /** @description The receiver's HTTP status; null when no answer came (see `error`). */
            statusCode: number | null;
            /** @description How long the attempt took, milliseconds. */
            responseMs: number;
            /** @description The first kilobyte of the receiver's answer. */
            responseExcerpt: string | null;
            /** @description Why no answer came: refused address, network error, time-out. */
            error: string | null;
        };
        WebhookResent: {
            /** @description How many events were queued to be sent again. */
            resent: number;
        };
        /** @description The wallet's low-balance threshold (of the key's mode): `wallet.low_balance` is sent when the settled balance falls below it, once per crossing. */
        LowBalanceThreshold: {
            /**
             * @description kobo; null switches wallet.low_balance off.
             * @example 5000000
             */
            threshold: number | null;
        };
        WebhookEventList: {
            data: components["schemas"]["WebhookEvent"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            nextCursor: string | null;
            /** @description Pass as `cursor` later to list only what was recorded after this page: never null, and on the last page it stands after every event recorded so far, so a reader polling with it never misses one. */
            resumeCursor: string;
        };
        WebhookEvent: components["schemas"]["TransactionEventV1"] | components["schemas"]["WalletEventV1"] | components["schemas"]["ApiKeyEventV1"] | components["schemas"]["BatchEventV1"];
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description A unique id of this request and response; quote it when you contact support. */
        "X-Request-Id": string;
        /** @description Requests this API key may make per window. Sent on every answer to a request counted against the key's limit (every request past the key and the allowlist); absent when the operator has turned limits off, and on a 500 from before the count. */
        "RateLimit-Limit": number;
        /** @description Requests left in the current window. Sent on every answer to a request counted against the key's limit (every request past the key and the allowlist); absent when the operator has turned limits off, and on a 500 from before the count. */
        "RateLimit-Remaining": number;
        /** @description Seconds until the window ends and the count starts again. Sent on every answer to a request counted against the key's limit (every request past the key and the allowlist); absent when the operator has turned limits off, and on a 500 from before the count. */
        "RateLimit-Reset": number;
        /** @description Seconds to wait before trying again. */
        "Retry-After": number;
        /** @description Requests this API key may make per window. */
        "RateLimit-Limit-Exceeded": number;
        /** @description Requests left in the current window. */
        "RateLimit-Remaining-Exceeded": number;
        /** @description Seconds until the window ends and the count starts again. */
        "RateLimit-Reset-Exceeded": number;
        /** @description Present when this `batchReference` was already accepted with the same orders: nothing new was accepted. */
        "Idempotent-Replay": "true";
    };
    pathItems: never;
}
export type BatchDataOrder = components['schemas']['BatchDataOrder'];
export type BatchAirtimeOrder = components['schemas']['BatchAirtimeOrder'];
export type BatchBillOrder = components['schemas']['BatchBillOrder'];
export type WebhookEventType = components['schemas']['WebhookEventType'];
export type TransactionEventV1 = components['schemas']['TransactionEventV1'];
export type Transaction = components['schemas']['Transaction'];
export type TransactionService = components['schemas']['TransactionService'];
export type DeliveredPin = components['schemas']['DeliveredPin'];
export type WalletEventV1 = components['schemas']['WalletEventV1'];
export type WalletEventData = components['schemas']['WalletEventData'];
export type ApiKeyEventV1 = components['schemas']['ApiKeyEventV1'];
export type ApiKeyEventData = components['schemas']['ApiKeyEventData'];
export type BatchEventV1 = components['schemas']['BatchEventV1'];
export type Batch = components['schemas']['Batch'];
export type BatchStatus = components['schemas']['BatchStatus'];
export type BatchCounts = components['schemas']['BatchCounts'];
export type Balance = components['schemas']['Balance'];
export type Problem = components['schemas']['Problem'];
export type FundingAccountList = components['schemas']['FundingAccountList'];
export type FundingAccount = components['schemas']['FundingAccount'];
export type FeePolicy = components['schemas']['FeePolicy'];
export type FundingList = components['schemas']['FundingList'];
export type Funding = components['schemas']['Funding'];
export type PlanList = components['schemas']['PlanList'];
export type Plan = components['schemas']['Plan'];
export type PricingBasis = components['schemas']['PricingBasis'];
export type NetworkList = components['schemas']['NetworkList'];
export type Network = components['schemas']['Network'];
export type BillProductList = components['schemas']['BillProductList'];
export type BillProduct = components['schemas']['BillProduct'];
export type CustomerVerification = components['schemas']['CustomerVerification'];
export type BatchTransactionList = components['schemas']['BatchTransactionList'];
export type BatchTransaction = components['schemas']['BatchTransaction'];
export type BatchOrderError = components['schemas']['BatchOrderError'];
export type TransactionList = components['schemas']['TransactionList'];
export type WebhookEndpointList = components['schemas']['WebhookEndpointList'];
export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
export type WebhookEndpointWithSecret = components['schemas']['WebhookEndpointWithSecret'];
export type WebhookEndpointDeleted = components['schemas']['WebhookEndpointDeleted'];
export type WebhookTestEventSent = components['schemas']['WebhookTestEventSent'];
export type WebhookDeliveryList = components['schemas']['WebhookDeliveryList'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type WebhookAttempt = components['schemas']['WebhookAttempt'];
export type WebhookResent = components['schemas']['WebhookResent'];
export type LowBalanceThreshold = components['schemas']['LowBalanceThreshold'];
export type WebhookEventList = components['schemas']['WebhookEventList'];
export type WebhookEvent = components['schemas']['WebhookEvent'];
export type HeaderXRequestId = components['headers']['X-Request-Id'];
export type HeaderRateLimitLimit = components['headers']['RateLimit-Limit'];
export type HeaderRateLimitRemaining = components['headers']['RateLimit-Remaining'];
export type HeaderRateLimitReset = components['headers']['RateLimit-Reset'];
export type HeaderRetryAfter = components['headers']['Retry-After'];
export type HeaderRateLimitLimitExceeded = components['headers']['RateLimit-Limit-Exceeded'];
export type HeaderRateLimitRemainingExceeded = components['headers']['RateLimit-Remaining-Exceeded'];
export type HeaderRateLimitResetExceeded = components['headers']['RateLimit-Reset-Exceeded'];
export type HeaderIdempotentReplay = components['headers']['Idempotent-Replay'];
export type $defs = Record<string, never>;
export interface operations {
    getBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The balance. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Balance"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listFundingAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The funding accounts of the key's mode. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FundingAccountList"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listFundings: {
        parameters: {
            query?: {
                /** @description Credited at or after (inclusive); a date alone means midnight in Africa/Lagos. */
                from?: string;
                /** @description Credited before (exclusive); a date alone means midnight in Africa/Lagos. */
                to?: string;
                /** @description Fundings per page. */
                limit?: number;
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of fundings. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FundingList"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `from`, `to`, `limit`, `cursor`.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    simulateFunding: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description What the simulated payer sends, kobo.
                     * @example 500000
                     */
                    amount: number;
                    /**
                     * @description The simulated sender's name.
                     * @example ADAEZE OKONKWO
                     */
                    payerName?: string;
                };
            };
        };
        responses: {
            /** @description The test wallet was credited. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Funding"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `amount`, `payerName`, `generalErrors` (the body is not valid JSON).
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             *
             *     - `funding.test_mode_only`: Transfers can only be simulated with a `pk_test_` key; a live wallet is funded by a real transfer.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body too large.**
             *
             *     The body is larger than 16384 bytes. `errors[].name` is `generalErrors`.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body is not JSON.**
             *
             *     The body is not sent as `Content-Type: application/json`. `errors[].name` is `generalErrors`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listPlans: {
        parameters: {
            query?: {
                /** @description Only the plans of this network (an id from GET /api/v1/networks). */
                networkId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plans. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlanList"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `networkId`.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Not found.**
             *
             *     - `network.not_found`: No network with this `networkId`. See GET /api/v1/networks.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listNetworks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The networks. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NetworkList"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listBillProducts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The bill service. */
                service: "cable-tv" | "electricity" | "education" | "broadband";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The products. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillProductList"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `service`.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Not found.**
             *
             *     - `service.not_found`: No bill service by that name: use `cable-tv`, `electricity`, `education` or `broadband`.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    verifyCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The bill service. */
                service: "cable-tv" | "electricity" | "education" | "broadband";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description A product of this bill service (GET /api/v1/bills/{service}/products).
                     * @example ikeja-electric-prepaid
                     */
                    planId: string;
                    /**
                     * @description The smartcard, meter, candidate or account number.
                     * @example 45012345678
                     */
                    customerId: string;
                };
            };
        };
        responses: {
            /** @description The customer as the biller knows them. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerVerification"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `service`, `planId`, `customerId`, `generalErrors` (the body is not valid JSON).
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Not found.**
             *
             *     - `service.not_found`: No bill service by that name: use `cable-tv`, `electricity`, `education` or `broadband`.
             *
             *     - `plan.not_found`: No data plan or bill product with this `planId` (for bills: within this service).
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body too large.**
             *
             *     The body is larger than 16384 bytes. `errors[].name` is `generalErrors`.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body is not JSON.**
             *
             *     The body is not sent as `Content-Type: application/json`. `errors[].name` is `generalErrors`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Rejected by the biller, out of range, or not on sale.**
             *
             *     - `customer.invalid`: The biller does not know this customer id (sandbox: customer ids ending in 9999).
             *
             *     - `plan.unavailable`: The data plan or bill product exists but is not on sale now (withdrawn by us, or its network is). Nothing was charged; see the listings for what is. A retry of an order already made is still answered from the stored transaction.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Provider unavailable.**
             *
             *     - `provider.unavailable`: The biller cannot be reached right now. Nothing was charged; try again shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    purchaseData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your own reference for this purchase, unique per account across all kinds of purchase: a retry with the same reference is never charged twice.
                     * @example order-10001
                     */
                    clientReference: string;
                    /**
                     * @description A data plan (GET /api/v1/plans).
                     * @example mtn-1gb-30d
                     */
                    planId: string;
                    /**
                     * @description A Nigerian mobile number: 08031234567, 2348031234567, +2348031234567 or 002348031234567 (with or without the 0 after 234), with or without spaces, hyphens, dots or brackets between the digits ("0803 123 4567", "+234 (0) 803-123-4567"). Stored and returned as the 11-digit local form, 08031234567.
                     * @example 08031234567
                     */
                    phone: string;
                };
            };
        };
        responses: {
            /** @description A replay: this `clientReference` is known and the order matches. The stored transaction as it stands now, with `idempotentReplay: true`. Nothing was vended or charged. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replay": components["headers"]["Idempotent-Replay"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description A new purchase, `successful`, `failed` (the debit refunded) or `pending` (settles later). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `clientReference`, `planId`, `phone`, `generalErrors` (the body is not valid JSON).
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Insufficient funds.**
             *
             *     - `wallet.insufficient_funds`: The wallet balance does not cover the price. Nothing was charged.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Not found.**
             *
             *     - `plan.not_found`: No data plan or bill product with this `planId` (for bills: within this service).
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Conflict.**
             *
             *     - `transaction.idempotency_conflict`: This `clientReference` was already used for a different order. Nothing was vended or charged.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body too large.**
             *
             *     The body is larger than 16384 bytes. `errors[].name` is `generalErrors`.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body is not JSON.**
             *
             *     The body is not sent as `Content-Type: application/json`. `errors[].name` is `generalErrors`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Rejected by the biller, out of range, or not on sale.**
             *
             *     - `plan.unavailable`: The data plan or bill product exists but is not on sale now (withdrawn by us, or its network is). Nothing was charged; see the listings for what is. A retry of an order already made is still answered from the stored transaction.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    purchaseAirtime: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your own reference for this purchase, unique per account across all kinds of purchase: a retry with the same reference is never charged twice.
                     * @example order-10001
                     */
                    clientReference: string;
                    /**
                     * @description A network (GET /api/v1/networks).
                     * @example mtn
                     */
                    networkId: string;
                    /**
                     * @description A Nigerian mobile number: 08031234567, 2348031234567, +2348031234567 or 002348031234567 (with or without the 0 after 234), with or without spaces, hyphens, dots or brackets between the digits ("0803 123 4567", "+234 (0) 803-123-4567"). Stored and returned as the 11-digit local form, 08031234567.
                     * @example 08031234567
                     */
                    phone: string;
                    /**
                     * @description An amount in kobo (100 kobo = ₦1).
                     * @example 50000
                     */
                    amount: number;
                };
            };
        };
        responses: {
            /** @description A replay: this `clientReference` is known and the order matches. The stored transaction as it stands now, with `idempotentReplay: true`. Nothing was vended or charged. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replay": components["headers"]["Idempotent-Replay"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description A new purchase, `successful`, `failed` (the debit refunded) or `pending` (settles later). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `clientReference`, `networkId`, `phone`, `amount`, `generalErrors` (the body is not valid JSON).
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Insufficient funds.**
             *
             *     - `wallet.insufficient_funds`: The wallet balance does not cover the price. Nothing was charged.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Not found.**
             *
             *     - `network.not_found`: No network with this `networkId`. See GET /api/v1/networks.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Conflict.**
             *
             *     - `transaction.idempotency_conflict`: This `clientReference` was already used for a different order. Nothing was vended or charged.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body too large.**
             *
             *     The body is larger than 16384 bytes. `errors[].name` is `generalErrors`.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body is not JSON.**
             *
             *     The body is not sent as `Content-Type: application/json`. `errors[].name` is `generalErrors`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Rejected by the biller, out of range, or not on sale.**
             *
             *     - `amount.out_of_range`: The amount is outside the bounds of the product or network (`minAmount`/`maxAmount`, `airtimeMinAmount`/`airtimeMaxAmount`).
             *
             *     - `network.unavailable`: The network exists but its airtime is not on sale now. Nothing was charged; see GET /api/v1/networks for what is.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    payBill: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The bill service. */
                service: "cable-tv" | "electricity" | "education" | "broadband";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your own reference for this purchase, unique per account across all kinds of purchase: a retry with the same reference is never charged twice.
                     * @example order-10001
                     */
                    clientReference: string;
                    /**
                     * @description A product of this bill service (GET /api/v1/bills/{service}/products).
                     * @example ikeja-electric-prepaid
                     */
                    planId: string;
                    /**
                     * @description The smartcard, meter, candidate or account number.
                     * @example 45012345678
                     */
                    customerId: string;
                    /**
                     * @description Cable TV only. `change` (the default): pay for the bouquet `planId`, a new or changed subscription. `renew`: renew the customer's current subscription as the biller has it; `planId` must then be the product verification names in `renewal.planId`, whose price is charged.
                     * @example renew
                     * @enum {string}
                     */
                    subscriptionType?: "change" | "renew";
                    /**
                     * @description Kobo. Required for variable-amount products (electricity), refused for fixed-price ones.
                     * @example 500000
                     */
                    amount?: number;
                    /**
                     * @description The customer's phone: where the biller texts the token, PIN or receipt, when it does. Required by some providers for PINs bought without a customer id of the biller's (WAEC result checker and registration through VTpass, which tells such orders apart by the phone): without it, a 400 on `phone`, nothing charged.
                     * @example 08031234567
                     */
                    phone?: string;
                };
            };
        };
        responses: {
            /** @description A replay: this `clientReference` is known and the order matches. The stored transaction as it stands now, with `idempotentReplay: true`. Nothing was vended or charged. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replay": components["headers"]["Idempotent-Replay"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description A new purchase, `successful`, `failed` (the debit refunded) or `pending` (settles later). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `service`, `clientReference`, `planId`, `customerId`, `subscriptionType`, `amount`, `phone`, `generalErrors` (the body is not valid JSON).
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Insufficient funds.**
             *
             *     - `wallet.insufficient_funds`: The wallet balance does not cover the price. Nothing was charged.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Not found.**
             *
             *     - `service.not_found`: No bill service by that name: use `cable-tv`, `electricity`, `education` or `broadband`.
             *
             *     - `plan.not_found`: No data plan or bill product with this `planId` (for bills: within this service).
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Conflict.**
             *
             *     - `transaction.idempotency_conflict`: This `clientReference` was already used for a different order. Nothing was vended or charged.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body too large.**
             *
             *     The body is larger than 16384 bytes. `errors[].name` is `generalErrors`.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body is not JSON.**
             *
             *     The body is not sent as `Content-Type: application/json`. `errors[].name` is `generalErrors`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Rejected by the biller, out of range, or not on sale.**
             *
             *     - `customer.invalid`: The biller does not know this customer id (sandbox: customer ids ending in 9999).
             *
             *     - `amount.out_of_range`: The amount is outside the bounds of the product or network (`minAmount`/`maxAmount`, `airtimeMinAmount`/`airtimeMaxAmount`).
             *
             *     - `plan.unavailable`: The data plan or bill product exists but is not on sale now (withdrawn by us, or its network is). Nothing was charged; see the listings for what is. A retry of an order already made is still answered from the stored transaction.
             */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Provider unavailable.**
             *
             *     - `provider.unavailable`: The biller cannot be reached right now. Nothing was charged; try again shortly.
             */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your own reference for this batch, unique per account: posting the same batch again with it returns the batch already accepted, never a second one.
                     * @example staff-topup-2026-11
                     */
                    batchReference: string;
                    /** @description Up to 5000 orders, each with its own `clientReference`, bought in this order. */
                    orders: (components["schemas"]["BatchDataOrder"] | components["schemas"]["BatchAirtimeOrder"] | components["schemas"]["BatchBillOrder"])[];
                };
            };
        };
        responses: {
            /** @description A replay: this `batchReference` was accepted before with the same orders. The batch as it stands now, with `idempotentReplay: true`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replay": components["headers"]["Idempotent-Replay"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            /** @description Accepted: its orders are bought in the background. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `batchReference`, `orders`, `generalErrors` (the body is not valid JSON).
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Insufficient funds.**
             *
             *     - `wallet.insufficient_funds`: The wallet balance does not cover the price. Nothing was charged.
             */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Conflict.**
             *
             *     - `batch.idempotency_conflict`: Conflict
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body too large.**
             *
             *     The body is larger than 16384 bytes. `errors[].name` is `generalErrors`.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body is not JSON.**
             *
             *     The body is not sent as `Content-Type: application/json`. `errors[].name` is `generalErrors`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The batch's `batchReference`. */
                batchReference: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The batch. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Batch"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `batchReference`.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Not found.**
             *
             *     - `batch.not_found`: Not Found
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listBatchTransactions: {
        parameters: {
            query?: {
                /** @description Orders per page. */
                limit?: number;
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The batch's `batchReference`. */
                batchReference: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the batch's orders. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BatchTransactionList"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `batchReference`, `limit`, `cursor`.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Not found.**
             *
             *     - `batch.not_found`: Not Found
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `clientReference` the purchase was made with. */
                clientReference: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transaction. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `clientReference`.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Not found.**
             *
             *     - `transaction.not_found`: No transaction of this account with this `clientReference`.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTransactions: {
        parameters: {
            query?: {
                /** @description Created at or after (inclusive); a date alone means midnight in Africa/Lagos. */
                from?: string;
                /** @description Created before (exclusive); a date alone means midnight in Africa/Lagos. */
                to?: string;
                /** @description Transactions per page. */
                limit?: number;
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of transactions. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionList"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `from`, `to`, `limit`, `cursor`.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getInvoiceCsv: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The billing month, `YYYY-MM` (Africa/Lagos time). */
                period: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice, streamed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description The file name to save it under. */
                    "Content-Disposition": string;
                    /** @description The invoice number: the same for an account and month every time. */
                    "X-Invoice-Number": string;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `period`.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             *
             *     - `invoice.live_only`: Invoices are live documents: a test key (`pk_test_`) cannot download them. Use a live key.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Not found.**
             *
             *     - `invoice.not_found`: The month is before the account was opened: there is no invoice for it.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getInvoicePdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The billing month, `YYYY-MM` (Africa/Lagos time). */
                period: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description The file name to save it under. */
                    "Content-Disposition": string;
                    /** @description The invoice number: the same for an account and month every time. */
                    "X-Invoice-Number": string;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `period`.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             *
             *     - `invoice.live_only`: Invoices are live documents: a test key (`pk_test_`) cannot download them. Use a live key.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Not found.**
             *
             *     - `invoice.not_found`: The month is before the account was opened: there is no invoice for it.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoints. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Where events are POSTed: https, without credentials, and not a loopback, private, link-local or metadata address or a local name.
                     * @example https://example.com/hooks/vtu
                     */
                    url: string;
                    /**
                     * @default
                     * @example Order system
                     */
                    description?: string;
                    /** @description The event types to deliver; by default every type but `transaction.pending`. */
                    eventTypes?: components["schemas"]["WebhookEventType"][];
                };
            };
        };
        responses: {
            /** @description The new endpoint, with its signing secret. The `secret` (`whsec_…`) signs every delivery (see `webhooks` in this document); it is shown in this answer only, so store it now. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `url`, `description`, `eventTypes`, `generalErrors` (the body is not valid JSON).
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Conflict.**
             *
             *     - `webhook_endpoint.limit_reached`: The account already has as many webhook endpoints as it may; delete one first.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body too large.**
             *
             *     The body is larger than 16384 bytes. `errors[].name` is `generalErrors`.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body is not JSON.**
             *
             *     The body is not sent as `Content-Type: application/json`. `errors[].name` is `generalErrors`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's id. */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `endpointId`.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Not found.**
             *
             *     - `webhook_endpoint.not_found`: No webhook endpoint of this account with this id.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's id. */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint is gone. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointDeleted"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `endpointId`.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Not found.**
             *
             *     - `webhook_endpoint.not_found`: No webhook endpoint of this account with this id.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's id. */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Where events are POSTed: https, without credentials, and not a loopback, private, link-local or metadata address or a local name.
                     * @example https://example.com/hooks/vtu
                     */
                    url?: string;
                    description?: string;
                    eventTypes?: components["schemas"]["WebhookEventType"][];
                    /** @description Re-enabling clears a disabled notice. */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description The endpoint as it is now. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `endpointId`, `url`, `description`, `eventTypes`, `enabled`, `generalErrors` (the body is not valid JSON).
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Not found.**
             *
             *     - `webhook_endpoint.not_found`: No webhook endpoint of this account with this id.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body too large.**
             *
             *     The body is larger than 16384 bytes. `errors[].name` is `generalErrors`.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body is not JSON.**
             *
             *     The body is not sent as `Content-Type: application/json`. `errors[].name` is `generalErrors`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's id. */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description How long the previous secret keeps signing beside the new one (hours, up to a week).
                     * @default 24
                     */
                    overlapHours?: number;
                };
            };
        };
        responses: {
            /** @description The endpoint with its new secret; `secretRotatedUntil` says until when the previous one still signs. The `secret` (`whsec_…`) signs every delivery (see `webhooks` in this document); it is shown in this answer only, so store it now. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `endpointId`, `overlapHours`, `generalErrors` (the body is not valid JSON).
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Not found.**
             *
             *     - `webhook_endpoint.not_found`: No webhook endpoint of this account with this id.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body too large.**
             *
             *     The body is larger than 16384 bytes. `errors[].name` is `generalErrors`.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body is not JSON.**
             *
             *     The body is not sent as `Content-Type: application/json`. `errors[].name` is `generalErrors`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sendTestWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's id. */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued for delivery to this endpoint. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestEventSent"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `endpointId`.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Not found.**
             *
             *     - `webhook_endpoint.not_found`: No webhook endpoint of this account with this id.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Conflict.**
             *
             *     - `webhook_endpoint.disabled`: The endpoint is disabled (by you, or by the service after 410 Gone or days of failures); enable it first.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Only deliveries in this state. */
                status?: "pending" | "succeeded" | "failed";
                limit?: number;
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The endpoint's id. */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `endpointId`, `status`, `limit`, `cursor`.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Not found.**
             *
             *     - `webhook_endpoint.not_found`: No webhook endpoint of this account with this id.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resendWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's id. */
                endpointId: string;
                /** @description The delivery's id, from the endpoint's delivery log. */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued for delivery to this endpoint. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResent"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `endpointId`, `deliveryId`.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Not found.**
             *
             *     - `webhook_endpoint.not_found`: No webhook endpoint of this account with this id.
             *
             *     - `webhook_delivery.not_found`: No delivery to this endpoint with this id. See the endpoint's deliveries.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Conflict.**
             *
             *     - `webhook_endpoint.disabled`: The endpoint is disabled (by you, or by the service after 410 Gone or days of failures); enable it first.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resendFailedWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's id. */
                endpointId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description Resend every event whose latest delivery to this endpoint since then failed.
                     * @example 2026-06-15T00:00:00Z
                     */
                    since: string;
                };
            };
        };
        responses: {
            /** @description Queued for delivery to this endpoint. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResent"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `endpointId`, `since`, `generalErrors` (the body is not valid JSON).
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Not found.**
             *
             *     - `webhook_endpoint.not_found`: No webhook endpoint of this account with this id.
             */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Conflict.**
             *
             *     - `webhook_endpoint.disabled`: The endpoint is disabled (by you, or by the service after 410 Gone or days of failures); enable it first.
             */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body too large.**
             *
             *     The body is larger than 16384 bytes. `errors[].name` is `generalErrors`.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body is not JSON.**
             *
             *     The body is not sent as `Content-Type: application/json`. `errors[].name` is `generalErrors`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getLowBalanceThreshold: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The threshold. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LowBalanceThreshold"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setLowBalanceThreshold: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description kobo; null switches wallet.low_balance off.
                     * @example 5000000
                     */
                    threshold: number | null;
                };
            };
        };
        responses: {
            /** @description The threshold as it is now. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LowBalanceThreshold"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `threshold`, `generalErrors` (the body is not valid JSON).
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body too large.**
             *
             *     The body is larger than 16384 bytes. `errors[].name` is `generalErrors`.
             */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Request body is not JSON.**
             *
             *     The body is not sent as `Content-Type: application/json`. `errors[].name` is `generalErrors`.
             */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Only events of this type. */
                type?: components["schemas"]["WebhookEventType"];
                /** @description Start at the first event created at or after this instant (events are kept 30 days). The events recorded after it follow, even one whose `createdAt` is a moment earlier (its transaction started sooner and committed later): polling with the newest `createdAt` you have seen misses nothing, and shows that event again. */
                since?: string;
                limit?: number;
                /** @description The `nextCursor` of the previous page, or a `resumeCursor`; where the page starts (`since` is then not used). */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEventList"];
                };
            };
            /**
             * @description **Validation failed.**
             *
             *     One entry in `errors` per offending field; `name` is one of: `type`, `since`, `limit`, `cursor`.
             */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Missing or invalid API key.**
             *
             *     - `generalErrors`: The API key is missing, malformed, unknown or revoked.
             */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Source address not allowed.**
             *
             *     - `ip.not_allowed`: The request's source address is not on the account's allowlist (the reason names the address).
             *
             *     - `ip.not_configured`: The account requires an IP allowlist and has none yet.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Too many requests.**
             *
             *     - `rate_limit.exceeded`: Too many requests; wait `Retry-After` seconds.
             */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit-Exceeded"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining-Exceeded"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset-Exceeded"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description **Unexpected error.**
             *
             *     Nothing internal is shown; quote `X-Request-Id`. `errors[].name` is `generalErrors`.
             */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This document. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    transactionSuccessfulWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id (the body's `id`): the same on every retry and resend of this event, so process each id once. */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the Unix epoch. */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`; during a secret rotation one such signature per secret, separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionEventV1"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not acknowledged: the delivery is retried later (410 Gone disables the endpoint). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    transactionFailedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id (the body's `id`): the same on every retry and resend of this event, so process each id once. */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the Unix epoch. */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`; during a secret rotation one such signature per secret, separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionEventV1"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not acknowledged: the delivery is retried later (410 Gone disables the endpoint). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    transactionPendingWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id (the body's `id`): the same on every retry and resend of this event, so process each id once. */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the Unix epoch. */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`; during a secret rotation one such signature per secret, separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionEventV1"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not acknowledged: the delivery is retried later (410 Gone disables the endpoint). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    walletFundedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id (the body's `id`): the same on every retry and resend of this event, so process each id once. */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the Unix epoch. */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`; during a secret rotation one such signature per secret, separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WalletEventV1"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not acknowledged: the delivery is retried later (410 Gone disables the endpoint). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    walletLowBalanceWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id (the body's `id`): the same on every retry and resend of this event, so process each id once. */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the Unix epoch. */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`; during a secret rotation one such signature per secret, separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WalletEventV1"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not acknowledged: the delivery is retried later (410 Gone disables the endpoint). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    apiKeyCreatedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id (the body's `id`): the same on every retry and resend of this event, so process each id once. */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the Unix epoch. */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`; during a secret rotation one such signature per secret, separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyEventV1"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not acknowledged: the delivery is retried later (410 Gone disables the endpoint). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    apiKeyRevokedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id (the body's `id`): the same on every retry and resend of this event, so process each id once. */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the Unix epoch. */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`; during a secret rotation one such signature per secret, separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiKeyEventV1"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not acknowledged: the delivery is retried later (410 Gone disables the endpoint). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    batchCompletedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event's id (the body's `id`): the same on every retry and resend of this event, so process each id once. */
                "webhook-id": string;
                /** @description When this attempt was signed, in seconds since the Unix epoch. */
                "webhook-timestamp": string;
                /** @description `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`; during a secret rotation one such signature per secret, separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BatchEventV1"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery is done. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not acknowledged: the delivery is retried later (410 Gone disables the endpoint). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}

/** Every error name the document lists for its operations (for a 400, `errors[].name` is a field's path instead). */
export type DocumentedErrorName =
    | "amount.out_of_range"
    | "batch.idempotency_conflict"
    | "batch.not_found"
    | "customer.invalid"
    | "funding.test_mode_only"
    | "generalErrors"
    | "invoice.live_only"
    | "invoice.not_found"
    | "ip.not_allowed"
    | "ip.not_configured"
    | "network.not_found"
    | "network.unavailable"
    | "plan.not_found"
    | "plan.unavailable"
    | "provider.unavailable"
    | "rate_limit.exceeded"
    | "service.not_found"
    | "transaction.idempotency_conflict"
    | "transaction.not_found"
    | "wallet.insufficient_funds"
    | "webhook_delivery.not_found"
    | "webhook_endpoint.disabled"
    | "webhook_endpoint.limit_reached"
    | "webhook_endpoint.not_found";
