/**
 * The client: one per API key and base URL, a typed method per operation of the API (named by its
 * operationId), purchases that are safe to retry, and `for await` iteration over paged lists. Types
 * come from the OpenAPI document (generated/openapi.ts), so they cannot drift from what the API says.
 */
import type {
  Balance,
  Batch,
  BatchTransaction,
  BatchTransactionList,
  BillProductList,
  CustomerVerification,
  Funding,
  FundingAccountList,
  FundingList,
  LowBalanceThreshold,
  NetworkList,
  operations,
  PlanList,
  Transaction,
  TransactionList,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointDeleted,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
  WebhookEvent,
  WebhookEventList,
  WebhookResent,
  WebhookTestEventSent,
} from "./generated/openapi.js";
import { send, type HttpSettings, type RequestSpec } from "./http.js";

/** The JSON body an operation takes. */
type BodyOf<K extends keyof operations> = operations[K] extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;
/** The query parameters an operation takes. */
type QueryOf<K extends keyof operations> = NonNullable<operations[K]["parameters"]["query"]>;

/** A purchase's body with its `clientReference` optional: the client makes one up when none is given. */
export type Order<K extends "purchaseData" | "purchaseAirtime" | "payBill"> = Omit<BodyOf<K>, "clientReference"> & {
  clientReference?: string;
};

export type BillService = "cable-tv" | "electricity" | "education" | "broadband";

export interface ClientOptions {
  /** An API key: `pk_live_...` buys for real; `pk_test_...` buys from the sandbox with the test wallet. */
  apiKey: string;
  /** Where the API is, without `/api/v1`: `https://api.example.com`, or `http://localhost:3000` for `npm run dev`. */
  baseUrl: string;
  /** Retries after the first attempt (default 3). */
  maxRetries?: number;
  /** The first wait between attempts in ms, doubled each time (default 500); a `Retry-After` overrides it. */
  retryDelayMs?: number;
  /** How long one attempt may take in ms (default 60 000): a purchase may wait on the provider. */
  timeoutMs?: number;
  /** A fetch of your own (a proxy's, a test's); the global one by default. */
  fetch?: typeof fetch;
}

const KEY_PREFIXES = { pk_live_: "live", pk_test_: "test" } as const;

export class ResellerClient {
  /** `test` for a `pk_test_` key: its purchases go to the sandbox and are paid from the test wallet. */
  readonly mode: "live" | "test";
  readonly #http: HttpSettings;

  constructor(options: ClientOptions) {
    const prefix = Object.keys(KEY_PREFIXES).find((candidate) => options.apiKey.startsWith(candidate)) as
      keyof typeof KEY_PREFIXES | undefined;
    if (!prefix) throw new TypeError("apiKey must be an API key: pk_live_... or pk_test_...");
    if (!/^https?:\/\//.test(options.baseUrl)) throw new TypeError("baseUrl must be an http(s) URL, such as https://api.example.com");
    this.mode = KEY_PREFIXES[prefix];
    this.#http = {
      apiKey: options.apiKey,
      baseUrl: options.baseUrl,
      maxRetries: options.maxRetries ?? 3,
      retryDelayMs: options.retryDelayMs ?? 500,
      timeoutMs: options.timeoutMs ?? 60_000,
      fetch: options.fetch ?? globalThis.fetch,
      userAgent: "reseller-purchase-sdk/0.1.0",
    };
  }

  #send<T>(spec: RequestSpec): Promise<T> {
    return send<T>(this.#http, spec);
  }

  /**
   * A purchase: the order with its `clientReference` (made up here when missing), sent as many times as
   * it takes with the same reference. The API charges a reference once; a retry of an order it took
   * is answered with the stored transaction and `idempotentReplay: true`.
   */
  #purchase(path: string, order: { clientReference?: string }): Promise<Transaction> {
    const clientReference = order.clientReference ?? crypto.randomUUID();
    return this.#send({ method: "POST", path, body: { ...order, clientReference }, retry: "safe", clientReference });
  }

  /** Every item of a paged list, page after page, for `for await`. */
  async *#paginate<Q, T>(list: (query: Q & { cursor?: string }) => Promise<{ data: T[]; nextCursor: string | null }>, query: Q) {
    let cursor: string | undefined;
    do {
      const page = await list({ ...query, cursor });
      yield* page.data;
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
  }

  // ----- Account and catalog -----

  getBalance(): Promise<Balance> {
    return this.#send({ method: "GET", path: "/api/v1/balance", retry: "safe" });
  }

  listPlans(query: QueryOf<"listPlans"> = {}): Promise<PlanList> {
    return this.#send({ method: "GET", path: "/api/v1/plans", query, retry: "safe" });
  }

  listNetworks(): Promise<NetworkList> {
    return this.#send({ method: "GET", path: "/api/v1/networks", retry: "safe" });
  }

  listBillProducts(service: BillService): Promise<BillProductList> {
    return this.#send({ method: "GET", path: `/api/v1/bills/${encodeURIComponent(service)}/products`, retry: "safe" });
  }

  /** Asks the biller who a customer is; nothing is charged. */
  verifyCustomer(service: BillService, body: BodyOf<"verifyCustomer">): Promise<CustomerVerification> {
    return this.#send({ method: "POST", path: `/api/v1/bills/${encodeURIComponent(service)}/verify`, body, retry: "safe" });
  }

  // ----- Purchases (safe to retry: see #purchase) -----

  purchaseData(order: Order<"purchaseData">): Promise<Transaction> {
    return this.#purchase("/api/v1/data", order);
  }

  purchaseAirtime(order: Order<"purchaseAirtime">): Promise<Transaction> {
    return this.#purchase("/api/v1/airtime", order);
  }

  /** Pays a bill; an electricity token or education PIN is the transaction's `token` once it is successful. */
  payBill(service: BillService, order: Order<"payBill">): Promise<Transaction> {
    return this.#purchase(`/api/v1/bills/${encodeURIComponent(service)}/pay`, order);
  }

  // ----- Batches -----

  /**
   * Up to 5,000 orders bought in the background, each an ordinary purchase with its own `clientReference`.
   * Safe to retry: the same `batchReference` with the same orders is the batch already accepted.
   */
  createBatch(body: BodyOf<"createBatch">): Promise<Batch> {
    return this.#send({ method: "POST", path: "/api/v1/batches", body, retry: "safe" });
  }

  /** The batch as it stands: poll it until `status` is `completed`, or wait for `batch.completed`. */
  getBatch(batchReference: string): Promise<Batch> {
    return this.#send({ method: "GET", path: `/api/v1/batches/${encodeURIComponent(batchReference)}`, retry: "safe" });
  }

  /** One page of the batch's orders; `allBatchTransactions` iterates over every page. */
  listBatchTransactions(batchReference: string, query: QueryOf<"listBatchTransactions"> = {}): Promise<BatchTransactionList> {
    return this.#send({
      method: "GET",
      path: `/api/v1/batches/${encodeURIComponent(batchReference)}/transactions`,
      query,
      retry: "safe",
    });
  }

  /** Every order of the batch in its order: `for await (const order of client.allBatchTransactions(reference))`. */
  allBatchTransactions(
    batchReference: string,
    query: Omit<QueryOf<"listBatchTransactions">, "cursor"> = {},
  ): AsyncGenerator<BatchTransaction> {
    return this.#paginate((page) => this.listBatchTransactions(batchReference, page), query);
  }

  // ----- Transactions -----

  getTransaction(clientReference: string): Promise<Transaction> {
    return this.#send({ method: "GET", path: `/api/v1/transactions/${encodeURIComponent(clientReference)}`, retry: "safe" });
  }

  /** One page; `allTransactions` iterates over every page. */
  listTransactions(query: QueryOf<"listTransactions"> = {}): Promise<TransactionList> {
    return this.#send({ method: "GET", path: "/api/v1/transactions", query, retry: "safe" });
  }

  /** Every transaction in the range, oldest page first: `for await (const transaction of client.allTransactions({ from }))`. */
  allTransactions(query: Omit<QueryOf<"listTransactions">, "cursor"> = {}): AsyncGenerator<Transaction> {
    return this.#paginate((page) => this.listTransactions(page), query);
  }

  // ----- Funding -----

  /** The account's bank account numbers for funding by transfer (and their state while being assigned). */
  listFundingAccounts(): Promise<FundingAccountList> {
    return this.#send({ method: "GET", path: "/api/v1/funding-accounts", retry: "safe" });
  }

  /** One page of credits; `allFundings` iterates over every page. */
  listFundings(query: QueryOf<"listFundings"> = {}): Promise<FundingList> {
    return this.#send({ method: "GET", path: "/api/v1/fundings", query, retry: "safe" });
  }

  allFundings(query: Omit<QueryOf<"listFundings">, "cursor"> = {}): AsyncGenerator<Funding> {
    return this.#paginate((page) => this.listFundings(page), query);
  }

  /** Test mode only (a `pk_test_` key): credits the test wallet as a bank transfer would. Each call is a new transfer. */
  simulateFunding(body: BodyOf<"simulateFunding">): Promise<Funding> {
    return this.#send({ method: "POST", path: "/api/v1/fundings/simulate", body, retry: "refused-only" });
  }

  // ----- Invoices -----

  /** The month's invoice as CSV text (`period` is `YYYY-MM`, Africa/Lagos time). */
  getInvoiceCsv(period: string): Promise<string> {
    return this.#send({ method: "GET", path: `/api/v1/invoices/${encodeURIComponent(period)}.csv`, retry: "safe", as: "text" });
  }

  /** The month's invoice as PDF bytes. */
  getInvoicePdf(period: string): Promise<Uint8Array> {
    return this.#send({ method: "GET", path: `/api/v1/invoices/${encodeURIComponent(period)}.pdf`, retry: "safe", as: "bytes" });
  }

  // ----- Webhook endpoints and events -----

  listWebhookEndpoints(): Promise<WebhookEndpointList> {
    return this.#send({ method: "GET", path: "/api/v1/webhook-endpoints", retry: "safe" });
  }

  /** Its `secret` verifies the deliveries (verifyWebhook) and is shown only in this answer: store it. */
  createWebhookEndpoint(body: BodyOf<"createWebhookEndpoint">): Promise<WebhookEndpointWithSecret> {
    return this.#send({ method: "POST", path: "/api/v1/webhook-endpoints", body, retry: "refused-only" });
  }

  getWebhookEndpoint(endpointId: string): Promise<WebhookEndpoint> {
    return this.#send({ method: "GET", path: `/api/v1/webhook-endpoints/${encodeURIComponent(endpointId)}`, retry: "safe" });
  }

  updateWebhookEndpoint(endpointId: string, body: BodyOf<"updateWebhookEndpoint">): Promise<WebhookEndpoint> {
    return this.#send({
      method: "PATCH",
      path: `/api/v1/webhook-endpoints/${encodeURIComponent(endpointId)}`,
      body,
      retry: "refused-only",
    });
  }

  deleteWebhookEndpoint(endpointId: string): Promise<WebhookEndpointDeleted> {
    return this.#send({ method: "DELETE", path: `/api/v1/webhook-endpoints/${encodeURIComponent(endpointId)}`, retry: "refused-only" });
  }

  /** A new secret; the previous one keeps signing beside it for `overlapHours` (default 24). */
  rotateWebhookSecret(endpointId: string, body: BodyOf<"rotateWebhookSecret"> = {}): Promise<WebhookEndpointWithSecret> {
    return this.#send({
      method: "POST",
      path: `/api/v1/webhook-endpoints/${encodeURIComponent(endpointId)}/rotate-secret`,
      body,
      retry: "refused-only",
    });
  }

  /** Queues a `webhook.test` event for this endpoint alone. */
  sendTestWebhook(endpointId: string): Promise<WebhookTestEventSent> {
    return this.#send({ method: "POST", path: `/api/v1/webhook-endpoints/${encodeURIComponent(endpointId)}/test`, retry: "refused-only" });
  }

  /** One page of an endpoint's delivery log, newest first, each with its latest attempts. */
  listWebhookDeliveries(endpointId: string, query: QueryOf<"listWebhookDeliveries"> = {}): Promise<WebhookDeliveryList> {
    return this.#send({
      method: "GET",
      path: `/api/v1/webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries`,
      query,
      retry: "safe",
    });
  }

  allWebhookDeliveries(endpointId: string, query: Omit<QueryOf<"listWebhookDeliveries">, "cursor"> = {}): AsyncGenerator<WebhookDelivery> {
    return this.#paginate((page) => this.listWebhookDeliveries(endpointId, page), query);
  }

  /** Sends a delivery's event again (same `webhook-id`); a delivery still on its schedule is tried at once. */
  resendWebhookDelivery(endpointId: string, deliveryId: string): Promise<WebhookResent> {
    return this.#send({
      method: "POST",
      path: `/api/v1/webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
      retry: "refused-only",
    });
  }

  /** Sends again every event whose delivery to this endpoint failed since `since`. */
  resendFailedWebhooks(endpointId: string, body: BodyOf<"resendFailedWebhooks">): Promise<WebhookResent> {
    return this.#send({
      method: "POST",
      path: `/api/v1/webhook-endpoints/${encodeURIComponent(endpointId)}/resend-failed`,
      body,
      retry: "refused-only",
    });
  }

  /** The wallet's `wallet.low_balance` threshold (of the key's mode), kobo; null: no such event. */
  getLowBalanceThreshold(): Promise<LowBalanceThreshold> {
    return this.#send({ method: "GET", path: "/api/v1/webhook-endpoints/low-balance-threshold", retry: "safe" });
  }

  setLowBalanceThreshold(body: BodyOf<"setLowBalanceThreshold">): Promise<LowBalanceThreshold> {
    return this.#send({ method: "PUT", path: "/api/v1/webhook-endpoints/low-balance-threshold", body, retry: "safe" });
  }

  /**
   * One page of the last 30 days' events in the order they were recorded; `allEvents` iterates over
   * every page. To poll, keep the page's `resumeCursor` and pass it as `cursor` next time.
   */
  listEvents(query: QueryOf<"listEvents"> = {}): Promise<WebhookEventList> {
    return this.#send({ method: "GET", path: "/api/v1/events", query, retry: "safe" });
  }

  allEvents(query: Omit<QueryOf<"listEvents">, "cursor"> = {}): AsyncGenerator<WebhookEvent> {
    return this.#paginate((page) => this.listEvents(page), query);
  }

  // ----- The document -----

  /** The OpenAPI 3.1 document this client was generated from, as the server serves it now. */
  getOpenApiDocument(): Promise<Record<string, unknown>> {
    return this.#send({ method: "GET", path: "/api/v1/openapi.json", retry: "safe" });
  }
}
