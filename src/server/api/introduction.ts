/** The Markdown introduction of the OpenAPI document: what a reseller's developer reads first. */
import { env } from "~/env";
import { MAX_BODY_BYTES } from "~/server/rest/api-route";

/** This server's limit, as configured (docs/integrating.md "Rate limits"). */
const RATE_LIMITS =
  env.API_RATE_LIMIT === 0
    ? "This server does not limit the rate of requests."
    : `Each API key may make **${env.API_RATE_LIMIT} requests per ${env.API_RATE_LIMIT_WINDOW_SECONDS} s**; the window starts with
the key's first request and every endpoint counts (requests refused with 401 or 403 do not). Counted
responses carry \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds until the
count starts again). Over the limit the answer is **429** \`rate_limit.exceeded\` with \`Retry-After\`
(seconds), and nothing is done or charged: send the same request, with the same \`clientReference\`,
after that many seconds. Several keys of one account are counted apart.`;

export const INTRODUCTION = `
Buy mobile data, airtime and bill payments (cable TV, electricity, education, broadband) from your
prepaid wallet, from your own servers.

Requests and responses are JSON (\`application/json\`); errors are \`application/problem+json\`.
Fields are only ever added to responses, never removed or renamed: ignore fields you do not know.
Every change is announced, dated, in the [API changelog](/docs/changelog).

## Authentication

Send your API key as a bearer token on every request (everything except this document):

\`\`\`
Authorization: Bearer pk_live_...
\`\`\`

Keys are created in the portal (or by an operator) and shown once. An account can have several
keys; a revoked key stops working on the very next request. A missing, malformed, unknown or revoked
key gets **401** with the error name \`generalErrors\`.

## Test mode

A **test key** (\`pk_test_...\`, created in the portal beside live keys) works on this same API and
sees the same catalog and prices, but everything it does happens in a separate world: purchases go
to the sandbox (see *Sandbox test recipients* below, whatever provider this server uses live), are
charged to your account's **test wallet** of play money, and are stored as test transactions. A
test key never touches the live wallet, live transactions, invoices or live webhooks, and a live key
never sees test data. Every object says which world it belongs to: \`"livemode": false\` in test
mode. A \`clientReference\` is unique per mode (the same one may be used once in each). Webhook
endpoints are per mode too: one registered with a test key receives only test events, signed the
same way. The allowlist applies to test keys as to live ones. The test wallet opens with ₦1,000,000
and the account owner can top it up or reset it (to 0, say, to try a 402) in the portal.

## IP allowlisting

After the key, the request's source address (the TCP peer; \`X-Forwarded-For\` is honoured only from
the service's own trusted proxies) is checked against your account's allowlist of IPv4/IPv6
addresses and CIDR ranges:

| situation | response |
|---|---|
| the list is empty and the account does not require one | allowed |
| the list is empty and the account requires one (accounts created on or after 2026-07-01, or opted in) | **403** \`ip.not_configured\` |
| the list is non-empty and the address is not on it | **403** \`ip.not_allowed\` (the reason names the address) |

Ask your account manager to add your servers' addresses. Nothing is charged on a 401 or 403.

## Rate limits

${RATE_LIMITS}

## Money

Every amount is an **integer number of kobo** (100 kobo = ₦1): \`28000\` is ₦280.00. Prices in the
catalog are what *your* account pays.

## Purchases and idempotency

Every purchase carries your own \`clientReference\` (letters, digits and \`. _ : -\`, up to 100
characters), unique per account across all kinds of purchase. It makes retries safe:

1. **A new reference**: the request is validated, the wallet debited and the product vended.
   **201** with the transaction, which is \`successful\`, \`failed\` (the debit is refunded) or
   \`pending\` (the provider has not answered yet; it settles later, check it with
   \`GET /api/v1/transactions/{clientReference}\`).
2. **A known reference with the same order** (same kind of purchase and the same plan or product,
   recipient, and amount where you choose it: airtime and variable bills; for airtime also the
   network): **200** with the stored transaction as it stands now, \`"idempotentReplay": true\` in
   the body and an \`Idempotent-Replay: true\` header. Nothing is vended or charged again.
3. **A known reference with a different order**: **409** \`transaction.idempotency_conflict\`.
   Nothing is vended or charged.

This holds under concurrency: any number of simultaneous requests with one reference produce exactly
one debit and one vend. So on a time-out or a lost connection, **retry with the same
\`clientReference\`**; never make up a new one for the same order.

A purchase your balance cannot cover gets **402** \`wallet.insufficient_funds\` and leaves nothing
behind. Request bodies larger than ${MAX_BODY_BYTES} bytes get 413; bodies that are not
\`application/json\` get 415. Unknown fields are ignored (\`ported\` on data and airtime purchases too).

## Errors

Every error is a problem document (RFC 9457):

\`\`\`json
{
  "type": "https://www.rfc-editor.org/rfc/rfc9110#section-15.5.1",
  "title": "Bad Request",
  "status": 400,
  "detail": "must be a Nigerian mobile number such as 08031234567",
  "errors": [{ "name": "phone", "reason": "must be a Nigerian mobile number such as 08031234567" }],
  "requestId": "4f5c2a8e-1d3b-4c6f-9a7e-2b8d0c1e3f4a"
}
\`\`\`

\`errors[].name\` is what to branch on: a field path for validation errors (one entry per field),
\`generalErrors\` for problems with the request as a whole, or one of the names below. \`reason\`
repeats the message of \`detail\`. The IP-allowlist 403s carry no \`detail\`.

| status | error name | when |
|---|---|---|
| 400 | the field's path (\`phone\`, \`amount\`, ...), or \`generalErrors\` | validation failed, or the body is not JSON |
| 401 | \`generalErrors\` | missing, malformed, unknown or revoked API key |
| 402 | \`wallet.insufficient_funds\` | the balance does not cover the purchase |
| 403 | \`ip.not_allowed\`, \`ip.not_configured\` | see *IP allowlisting* |
| 404 | \`plan.not_found\`, \`network.not_found\`, \`service.not_found\`, \`transaction.not_found\`, \`webhook_endpoint.not_found\` | an unknown id |
| 409 | \`transaction.idempotency_conflict\` | a \`clientReference\` reused for another order |
| 409 | \`webhook_endpoint.limit_reached\`, \`webhook_endpoint.disabled\` | the account has as many webhook endpoints as it may; a test event for a disabled endpoint |
| 413 / 415 | \`generalErrors\` | the body is too large / not JSON |
| 422 | \`customer.invalid\`, \`amount.out_of_range\` | the biller rejected the customer id; the amount is outside the product's bounds |
| 422 | \`plan.unavailable\`, \`network.unavailable\` | the plan or bill product (or the network's airtime) exists but is not on sale now; nothing is charged, and a retry of an order already made is still a replay |
| 429 | \`rate_limit.exceeded\` | too many requests: wait for \`Retry-After\` seconds |
| 500 | \`generalErrors\` | an unexpected error (nothing internal is shown) |
| 503 | \`provider.unavailable\` | the biller cannot be reached to verify a customer; nothing is charged, try again shortly |

Every response, success or error, carries an \`X-Request-Id\` header, and every error body the same id as
\`requestId\`: quote it when you contact support. A webhook delivery's id is its event's \`id\` (the
\`webhook-id\` header).

## Webhooks

Register an endpoint (\`POST /api/v1/webhook-endpoints\`) and your account's events are POSTed to
it as they happen: purchases that succeed, fail or (if you ask) are left pending, wallet fundings
and low balances, API keys created and revoked. Deliveries follow
[Standard Webhooks](https://www.standardwebhooks.com/): signed with the endpoint's secret
(\`whsec_...\`, shown once) in \`webhook-signature\`, and retried (by default for about three days)
until your endpoint answers 2xx. Each event's body is described under \`webhooks\` in this
document; its \`data\` is the object this API returns for that resource (a purchase's is the
Transaction). \`GET /api/v1/events\` lists the events of the last 30 days.

## Sandbox test recipients

The sandbox provider (every test-mode purchase, and live ones on a server that sells through the
sandbox) vends nothing real and answers by the recipient (phone number or customer id), so every
outcome can be tried:

| recipient ends in | outcome |
|---|---|
| \`0000\` | the vend fails: the transaction is \`failed\` and the debit refunded |
| \`1111\` | the provider answers pending; a later check settles it \`successful\` |
| \`2222\` | the provider times out: the transaction stays \`pending\` until the reconciler settles it |
| \`9999\` (customer id) | verification and payment fail with 422 \`customer.invalid\` |
| anything else | \`successful\` at once |
`.trim();
