/**
 * A fake VTpass: a real node:http server on a random loopback port speaking their documented requests
 * and answers (https://www.vtpass.com/documentation/): /api/pay, /api/requery, /api/merchant-verify,
 * /api/service-variations, /api/services, /api/balance, with their authentication headers checked
 * (`api-key` always, `public-key` on GET, `secret-key` on POST).
 *
 * Its books are what tests judge by: every /api/pay that arrived (by request_id), and what it
 * executed. Like the real thing, a request_id is executed at most once (a repeat answers 014), and
 * a requery for an id it never received answers 015.
 *
 * Outcomes are scripted per recipient (billersCode, or phone for airtime/data) with `outcomeFor`;
 * anything else is delivered at once. Faults are injected per path (pay, requery, verify, balance) for
 * the next `times` requests: a hang (time-out), a 5xx page, a malformed body, or a raw answer; a pay
 * fault with `executes: true` strikes after the order was executed (only the answer is lost).
 *
 * What a delivered order hands over is answered in the shape VTpass documents for its product, and kept
 * in the order's books (`delivered`) so a test can compare it with what we recorded:
 *  - WAEC result checker (`waec`): `cards: [{ Serial, Pin }]`, one per `quantity`, and `purchased_code`
 *    "Serial No:WRN…, pin: …" (https://www.vtpass.com/documentation/waec-result-checker-api/);
 *  - WAEC registration (`waec-registration`): `tokens: ["…"]` and "Token: …";
 *  - JAMB (`jamb`): `Pin` and `purchased_code` "Pin : …" (https://www.vtpass.com/documentation/jamb-pin-vending-api/);
 *  - Spectranet (`spectranet`): only `purchased_code` "Serial No: …, Pin: …";
 *  - Eko (`eko-electric`): `purchased_code` "Token : X Bonus Token : Y" and the `mainToken`/`bonusToken`
 *    family (`mainTokenUnits` a number, `bonusTokenDescription` "FBE Token");
 *  - other discos (`ikeja-electric` …): `purchased_code` and `token` "Token : …", `units` "79.9 kWh"
 *    (https://www.vtpass.com/documentation/ikedc-ikeja-electricity-distribution-company-payment-api/).
 * DStv and GOtv verification answers `Current_Bouquet` and `Renewal_Amount`, and a purchase with
 * `subscription_type` `renew` renews at the `amount` sent. A request_id not in their format is answered
 * `085`, wrong keys `087`. VTpass's `019` rule (the same serviceID for the same billersCode, or the phone
 * where there is none, within 30 s) applies once `duplicateWindowMs` is set.
 */
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { isDeepStrictEqual } from "node:util";

export type VtpassPath = "pay" | "requery" | "verify" | "balance";

export type VtpassFaultInjection = (
  { kind: "hang" } | { kind: "status"; status: number } | { kind: "malformed" } | { kind: "raw"; status: number; body: string }
) & { times?: number; executes?: boolean };

export type VtpassOutcome =
  | "delivered"
  /** Refused at once with this code (e.g. "016", "018", "019"); nothing executed. */
  | { code: string }
  /** Answered `000` with status "pending" (or `099` when `processing`); requeries answer so `requeries` times, then `then`. */
  | { pending: number; then: "delivered" | "reversed" | "failed"; processing?: boolean }
  /** `099` on the purchase and on every requery, forever. */
  | "processing-forever"
  /** The purchase is never answered and never executed (lost on its way in): a time-out for us, `015` on requery. */
  | "unanswered";

/** What a delivered order handed over, as VTpass's answer carries it. */
export interface FakeDelivery {
  /** WAEC result checker, Spectranet: serial and PIN per card. */
  cards?: { Serial: string; Pin: string }[];
  /** WAEC registration: the tokens. */
  tokens?: string[];
  /** JAMB: the PIN. */
  pin?: string;
  /** Electricity: the token, its units, and Eko's bonus (FBE) token. */
  token?: string;
  units?: string;
  bonusToken?: string;
}

interface Order {
  requestId: string;
  serviceID: string;
  recipient: string;
  amount: number | null;
  /** The /api/pay body that made it. */
  body: Record<string, unknown>;
  transactionId: string;
  status: "delivered" | "pending" | "reversed" | "failed";
  pendingLeft: number;
  then: "delivered" | "reversed" | "failed";
  forever: boolean;
  delivered: FakeDelivery;
}

export interface FakeVtpass {
  baseUrl: string;
  keys: { apiKey: string; publicKey: string; secretKey: string };
  /** Every /api/pay that reached the server, in arrival order (request_id, body). */
  payRequests: { requestId: string; body: Record<string, unknown> }[];
  /** Every /api/requery that reached the server, in arrival order (its request_id). */
  requeries: string[];
  /** Orders executed, by request_id. */
  orders: Map<string, Order>;
  /** Requests refused for their credentials. */
  unauthorized: number;
  outcomeFor(recipient: string, outcome: VtpassOutcome): void;
  inject(path: VtpassPath, fault: VtpassFaultInjection): void;
  /** Forget scripted outcomes and faults (not the books). */
  clear(): void;
  /** Our wallet there, naira, as /api/balance answers it. */
  balance: number;
  /** How many /api/balance requests reached the server (a fault injected on "balance" counts too). */
  balanceReads: number;
  /** The body VTpass POSTs to our callback for this order as it stands (their transaction-update: the requery answer under `data`). */
  callbackBody(requestId: string): Record<string, unknown>;
  /** What /api/service-variations lists, by serviceID (a copy per fake: tests change prices, add and remove). */
  variations: Record<string, FakeVariation[]>;
  /**
   * A DStv/GOtv smartcard's current subscription as verification reports it; by default the service's
   * first variation (in `variations`), renewed at its price.
   */
  subscriptions: Map<string, { bouquet: string; renewalAmount: string }>;
  /** VTpass's `019` window (ms) for one serviceID and billersCode (or phone); 0, the default, turns the rule off. */
  duplicateWindowMs: number;
  /**
   * Where our transactions and this fake's books disagree: a transaction settled successful that VTpass did
   * not deliver (or a delivered one we did not settle successful), or a successful one whose token, PINs,
   * units or bonus token are not what VTpass handed over. Empty when they agree.
   */
  disagreementsWith(transactions: readonly StoredTransaction[]): string[];
  /** The environment that points VEND_PROVIDER=vtpass (a server, the CLI) at this fake, plus `extra` (time-outs and the like). */
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

/** A transaction as our database stores it (Prisma's field names): what disagreementsWith compares. */
export interface StoredTransaction {
  clientReference: string;
  status: string;
  upstreamRequestId: string | null;
  token: string | null;
  pins: unknown;
  units: string | null;
  bonusToken: string | null;
}

/** What a reseller must be given for a delivered order, in the contract's terms (docs/integrating.md "What was delivered"). */
export function contractDelivery(delivered: FakeDelivery) {
  const pins = delivered.cards
    ? delivered.cards.map((card) => ({ serial: card.Serial, pin: card.Pin }))
    : delivered.tokens
      ? delivered.tokens.map((pin) => ({ serial: null, pin }))
      : delivered.pin
        ? [{ serial: null, pin: delivered.pin }]
        : null;
  return {
    token: pins?.[0]?.pin ?? delivered.token ?? null,
    pins,
    units: delivered.units ?? null,
    bonusToken: delivered.bonusToken ?? null,
  };
}

export interface FakeVariation {
  variation_code: string;
  name: string;
  variation_amount: string;
  fixedPrice: string;
}

/** Each service's category (`/api/services?identifier=`), as VTpass groups them. */
const IDENTIFIERS: Record<string, string> = {
  "mtn-data": "data",
  "glo-data": "data",
  dstv: "tv-subscription",
  waec: "education",
  "ikeja-electric": "electricity-bill",
};

const VARIATIONS: Record<string, FakeVariation[]> = {
  "mtn-data": [{ variation_code: "mtn-10mb-100", name: "MTN N100 100MB - 24 hrs", variation_amount: "100.00", fixedPrice: "Yes" }],
  "glo-data": [{ variation_code: "glo1000", name: "Glo Data N1000 -  2.5GB - 30 days", variation_amount: "1000.00", fixedPrice: "Yes" }],
  dstv: [{ variation_code: "dstv-padi", name: "DStv Padi N1,850", variation_amount: "1850.00", fixedPrice: "Yes" }],
  waec: [{ variation_code: "waecdirect", name: "WASSCE", variation_amount: "900.00", fixedPrice: "Yes" }],
  "ikeja-electric": [
    { variation_code: "prepaid", name: "Prepaid", variation_amount: "0", fixedPrice: "No" },
    { variation_code: "postpaid", name: "Postpaid", variation_amount: "0", fixedPrice: "No" },
  ],
};

function quantityOf(body: Record<string, unknown>): number {
  return typeof body.quantity === "number" && Number.isInteger(body.quantity) && body.quantity > 0 ? body.quantity : 1;
}

/** `count` digits made from the order's sequence number: each order hands over values of its own. */
function digitsFor(sequence: number, salt: number, count: number): string {
  let value = BigInt(sequence) * 7_919n + BigInt(salt) * 104_729n + 1_234_567n;
  let text = "";
  while (text.length < count) {
    value = (value * 6_364_136_223_846_793_005n + 1_442_695_040_888_963_407n) % 2n ** 64n;
    text += (value % 10_000n).toString().padStart(4, "0");
  }
  return text.slice(0, count);
}

/** What VTpass hands over for a delivered order of this serviceID. */
function deliveryFor(serviceID: string, sequence: number, quantity: number, amountNaira: number): FakeDelivery {
  const each = <T>(make: (index: number) => T): T[] => Array.from({ length: quantity }, (_, index) => make(index));
  if (serviceID === "waec")
    return { cards: each((i) => ({ Serial: `WRN${digitsFor(sequence, 10 + i, 9)}`, Pin: digitsFor(sequence, 50 + i, 12) })) };
  if (serviceID === "spectranet")
    return { cards: each((i) => ({ Serial: `SPN${digitsFor(sequence, 10 + i, 8)}`, Pin: digitsFor(sequence, 50 + i, 14) })) };
  if (serviceID === "waec-registration") return { tokens: each((i) => digitsFor(sequence, 70 + i, 19)) };
  if (serviceID === "jamb") return { pin: digitsFor(sequence, 90, 16) };
  if (/electric/.test(serviceID)) {
    // Roughly ₦62.5 a kWh, to one decimal, as their sample's "79.9 kWh".
    const units = (Math.round((amountNaira / 62.5) * 10) / 10).toFixed(1);
    const delivery: FakeDelivery = { token: digitsFor(sequence, 1, 20), units: `${units} kWh` };
    if (serviceID === "eko-electric") delivery.bonusToken = digitsFor(sequence, 2, 20);
    return delivery;
  }
  return {};
}

/** A delivered order's product fields, laid out as VTpass's documentation shows them for that product. */
function deliveredFields(serviceID: string, delivered: FakeDelivery): Record<string, unknown> {
  const grouped = (token: string) => token.replace(/(\d{4})(?=\d)/g, "$1 ");
  if (serviceID === "waec" && delivered.cards) {
    return {
      purchased_code: delivered.cards.map((card) => `Serial No:${card.Serial}, pin: ${card.Pin}`).join("; "),
      cards: delivered.cards,
    };
  }
  if (serviceID === "spectranet" && delivered.cards) {
    return { purchased_code: delivered.cards.map((card) => `Serial No: ${card.Serial}, Pin: ${card.Pin}`).join("; ") };
  }
  if (delivered.tokens) return { purchased_code: `Token: ${delivered.tokens.join(", ")}`, tokens: delivered.tokens };
  if (delivered.pin) return { purchased_code: `Pin : ${delivered.pin}`, Pin: `Pin : ${delivered.pin}` };
  if (delivered.token && serviceID === "eko-electric") {
    return {
      purchased_code: `Token : ${delivered.token} Bonus Token : ${delivered.bonusToken}`,
      mainToken: delivered.token,
      mainTokenDescription: "Normal Sale",
      mainTokenUnits: Number.parseFloat(delivered.units ?? "0"),
      mainTokenTax: 442.11,
      mainsTokenAmount: 3157.89,
      bonusToken: delivered.bonusToken,
      bonusTokenDescription: "FBE Token",
      bonusTokenUnits: 50,
      bonusTokenTax: null,
      bonusTokenAmount: null,
      tariffIndex: "52",
    };
  }
  if (delivered.token) {
    return {
      purchased_code: `Token : ${grouped(delivered.token)}`,
      token: `Token : ${delivered.token}`,
      units: delivered.units,
      customerName: "N/A",
      resetToken: "N/A",
      configureToken: "N/A",
      tariff: "R2 SINGLE PHASE RESIDENTIAL",
    };
  }
  return {};
}

export async function startFakeVtpass(
  keys = { apiKey: "vt_api_key_fake", publicKey: "PK_fake_public", secretKey: "SK_fake_secret" },
): Promise<FakeVtpass> {
  const outcomes = new Map<string, VtpassOutcome>();
  const faults = new Map<VtpassPath, VtpassFaultInjection[]>();
  const hanging = new Set<http.ServerResponse>();
  let sequence = 0;

  const fake: FakeVtpass = {
    baseUrl: "",
    keys,
    payRequests: [],
    requeries: [],
    orders: new Map(),
    unauthorized: 0,
    balance: 250000,
    balanceReads: 0,
    variations: structuredClone(VARIATIONS),
    subscriptions: new Map(),
    duplicateWindowMs: 0,
    outcomeFor: (recipient, outcome) => void outcomes.set(recipient, outcome),
    inject: (path, fault) => void faults.set(path, [...(faults.get(path) ?? []), fault]),
    callbackBody: (requestId) => {
      const order = fake.orders.get(requestId);
      if (!order) throw new Error(`the fake never received ${requestId}`);
      return { type: "transaction-update", data: transactionAnswer(order) };
    },
    disagreementsWith: (transactions) =>
      transactions.flatMap((row) => {
        const order = row.upstreamRequestId ? fake.orders.get(row.upstreamRequestId) : undefined;
        const delivered = order?.status === "delivered";
        if (delivered !== (row.status === "SUCCESSFUL"))
          return [`${row.clientReference}: ${row.status}, VTpass ${order?.status ?? "never executed"}`];
        if (!delivered) return [];
        const ours = { token: row.token, pins: row.pins ?? null, units: row.units, bonusToken: row.bonusToken };
        const theirs = contractDelivery(order.delivered);
        return isDeepStrictEqual(ours, theirs)
          ? []
          : [`${row.clientReference}: delivered ${JSON.stringify(theirs)}, recorded ${JSON.stringify(ours)}`];
      }),
    env: (extra = {}) => ({
      VEND_PROVIDER: "vtpass",
      VTPASS_BASE_URL: fake.baseUrl,
      VTPASS_API_KEY: keys.apiKey,
      VTPASS_PUBLIC_KEY: keys.publicKey,
      VTPASS_SECRET_KEY: keys.secretKey,
      ...extra,
    }),
    clear: () => {
      outcomes.clear();
      faults.clear();
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };

  function takeFault(path: VtpassPath): VtpassFaultInjection | null {
    const list = faults.get(path);
    const fault = list?.[0];
    if (!fault) return null;
    if (fault.times !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) list.shift();
    }
    return fault;
  }

  function json(response: http.ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  }

  /** Answers as the fault says; false when there is no fault (answer normally). */
  function strike(fault: VtpassFaultInjection, response: http.ServerResponse): void {
    if (fault.kind === "hang") hanging.add(response);
    else if (fault.kind === "status") response.writeHead(fault.status, { "content-type": "text/html" }).end("<html>Bad gateway</html>");
    else if (fault.kind === "malformed")
      response.writeHead(200, { "content-type": "application/json" }).end('{"code":"000","content":{"transac');
    else response.writeHead(fault.status, { "content-type": "application/json" }).end(fault.body);
  }

  function transactionAnswer(order: Order): Record<string, unknown> {
    const code = order.forever || (order.status === "pending" && order.pendingLeft < 0) ? "099" : "000";
    const body: Record<string, unknown> = {
      code,
      response_description: order.status === "delivered" ? "TRANSACTION SUCCESSFUL" : "TRANSACTION PROCESSED",
      content: {
        transactions: {
          status: order.status === "pending" ? "pending" : order.status,
          product_name: order.serviceID,
          unique_element: order.recipient,
          amount: order.amount,
          quantity: quantityOf(order.body),
          transactionId: order.transactionId,
          type: order.serviceID,
        },
      },
      requestId: order.requestId,
      amount: order.amount,
      transaction_date: new Date().toISOString(),
      purchased_code: "",
    };
    return order.status === "delivered" ? { ...body, ...deliveredFields(order.serviceID, order.delivered) } : body;
  }

  /** When each serviceID + billersCode (or phone) was last executed, for the `019` rule. */
  const lastExecuted = new Map<string, number>();

  function pay(body: Record<string, unknown>, response: http.ServerResponse): void {
    const requestId = typeof body.request_id === "string" ? body.request_id : "";
    const serviceID = typeof body.serviceID === "string" ? body.serviceID : "";
    if (!serviceID) return json(response, 200, { code: "011", response_description: "INVALID ARGUMENTS" });
    // https://www.vtpass.com/documentation/buying-services/: 12+ characters, the first 12 numeric.
    if (!/^\d{12}/.test(requestId)) return json(response, 200, { code: "085", response_description: "IMPROPER REQUEST ID" });
    fake.payRequests.push({ requestId, body });
    if (fake.orders.has(requestId)) return json(response, 200, { code: "014", response_description: "REQUEST ID ALREADY EXIST" });
    const fault = takeFault("pay");
    if (fault && !fault.executes) return strike(fault, response);
    const recipient = String(body.billersCode ?? body.phone ?? "");
    const duplicateKey = `${serviceID}|${recipient}`;
    const previous = lastExecuted.get(duplicateKey);
    if (fake.duplicateWindowMs > 0 && previous !== undefined && Date.now() - previous < fake.duplicateWindowMs) {
      return json(response, 200, { code: "019", response_description: "LIKELY DUPLICATE TRANSACTION", content: { errors: [] } });
    }
    if (body.subscription_type === "renew" && typeof body.amount !== "number")
      return json(response, 200, { code: "011", response_description: "INVALID ARGUMENTS" });
    const outcome = outcomes.get(recipient) ?? "delivered";
    if (outcome === "unanswered") return void hanging.add(response);
    if (typeof outcome === "object" && "code" in outcome) {
      if (fault) return strike(fault, response);
      return json(response, 200, { code: outcome.code, response_description: "REFUSED", content: { errors: [] } });
    }
    sequence += 1;
    lastExecuted.set(duplicateKey, Date.now());
    const order: Order = {
      requestId,
      serviceID,
      recipient,
      amount: typeof body.amount === "number" ? body.amount : null,
      body,
      delivered: deliveryFor(serviceID, sequence, quantityOf(body), typeof body.amount === "number" ? body.amount : 0),
      transactionId: `1700000000${String(sequence).padStart(6, "0")}`,
      status: outcome === "delivered" ? "delivered" : "pending",
      pendingLeft: typeof outcome === "object" ? (outcome.processing ? -1 : outcome.pending) : 0,
      then: typeof outcome === "object" ? outcome.then : "delivered",
      forever: outcome === "processing-forever",
    };
    if (typeof outcome === "object" && outcome.processing) order.pendingLeft = outcome.pending;
    fake.orders.set(requestId, order);
    if (fault) return strike(fault, response);
    const answer = transactionAnswer(order);
    if (typeof outcome === "object" && outcome.processing) answer.code = "099";
    json(response, 200, answer);
  }

  function requery(body: Record<string, unknown>, response: http.ServerResponse): void {
    fake.requeries.push(String(body.request_id ?? ""));
    const fault = takeFault("requery");
    if (fault) return strike(fault, response);
    const order = fake.orders.get(String(body.request_id ?? ""));
    if (!order) return json(response, 200, { code: "015", response_description: "INVALID REQUEST ID" });
    if (order.status === "pending" && !order.forever) {
      if (order.pendingLeft > 0) order.pendingLeft -= 1;
      else order.status = order.then;
    }
    json(response, 200, transactionAnswer(order));
  }

  /** https://www.vtpass.com/documentation/dstv-subscription-api/: the current bouquet and what renewing it costs. */
  function subscriptionOf(serviceID: string, billersCode: string): Record<string, string> {
    const first = fake.variations[serviceID]?.[0];
    const subscription = fake.subscriptions.get(billersCode) ?? {
      bouquet: first?.name ?? "Unknown",
      renewalAmount: first?.variation_amount ?? "0",
    };
    return {
      Due_Date: "2026-12-31T00:00:00",
      Customer_Number: billersCode.slice(-8),
      Customer_Type: serviceID.toUpperCase(),
      Current_Bouquet: subscription.bouquet,
      Renewal_Amount: subscription.renewalAmount,
    };
  }

  function verify(body: Record<string, unknown>, response: http.ServerResponse): void {
    const fault = takeFault("verify");
    if (fault) return strike(fault, response);
    const billersCode = String(body.billersCode ?? "");
    if (!billersCode || !body.serviceID) return json(response, 200, { code: "011", response_description: "INVALID ARGUMENTS" });
    if (billersCode.endsWith("9999")) return json(response, 200, { code: "000", content: { error: "This smartcard number is invalid." } });
    const serviceID = String(body.serviceID);
    json(response, 200, {
      code: "000",
      content: {
        Customer_Name: "TEST CUSTOMER",
        Status: "ACTIVE",
        ...(body.type ? { Meter_Type: String(body.type).toUpperCase() } : {}),
        ...(serviceID === "dstv" || serviceID === "gotv" ? subscriptionOf(serviceID, billersCode) : {}),
      },
    });
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://fake");
      const method = request.method ?? "GET";
      const secondKey =
        method === "GET" ? request.headers["public-key"] === keys.publicKey : request.headers["secret-key"] === keys.secretKey;
      if (request.headers["api-key"] !== keys.apiKey || !secondKey) {
        fake.unauthorized += 1;
        return json(response, 401, { code: "087", response_description: "INVALID CREDENTIALS" });
      }
      let body: Record<string, unknown> = {};
      if (method === "POST") {
        try {
          body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
        } catch {
          return json(response, 200, { code: "011", response_description: "INVALID ARGUMENTS" });
        }
      }
      const route = `${method} ${url.pathname}`;
      if (route === "POST /api/pay") return pay(body, response);
      if (route === "POST /api/requery") return requery(body, response);
      if (route === "POST /api/merchant-verify") return verify(body, response);
      if (route === "GET /api/balance") {
        fake.balanceReads += 1;
        const fault = takeFault("balance");
        if (fault) return strike(fault, response);
        return json(response, 200, { code: 1, contents: { balance: fake.balance } });
      }
      if (route === "GET /api/services") {
        return json(response, 200, {
          response_description: "000",
          content: Object.keys(fake.variations)
            .filter((serviceID) => [null, IDENTIFIERS[serviceID] ?? "data"].includes(url.searchParams.get("identifier")))
            .map((serviceID) => ({ serviceID, name: serviceID })),
        });
      }
      if (route === "GET /api/service-variations") {
        const serviceID = url.searchParams.get("serviceID") ?? "";
        const variations = fake.variations[serviceID];
        if (!variations) return json(response, 200, { response_description: "012", content: { errors: "PRODUCT DOES NOT EXIST" } });
        return json(response, 200, {
          response_description: "000",
          content: { ServiceName: serviceID, serviceID, convinience_fee: "0 %", variations },
        });
      }
      json(response, 404, { code: "012", response_description: "PRODUCT DOES NOT EXIST" });
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
