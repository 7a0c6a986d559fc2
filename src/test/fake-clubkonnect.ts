/**
 * A fake Clubkonnect (Nellobytes Systems): a real node:http server on a random loopback port answering
 * their GET API as their documentation and integrators' code show it: APIAirtimeV1.asp and
 * APIDatabundleV1.asp (the other order paths alike), APIQueryV1.asp by RequestID, APIWalletBalanceV1.asp and
 * the data-plan listing APIDatabundlePlansV2.asp (`planListing`), each with `UserID` and `APIKey` checked
 * (INVALID_CREDENTIALS otherwise).
 *
 * Its books are what tests judge by: every order that arrived (by RequestID) and what it executed, and its
 * wallet (naira), which an executed order is charged from. A RequestID is executed at most once (a repeat
 * answers the first order's state); an order the wallet cannot pay is refused INSUFFICIENT_BALANCE with
 * nothing executed; a query for a RequestID it never received answers INVALID_REQUESTID.
 *
 * Outcomes are scripted per MobileNumber (or the path's recipient) with `outcomeFor`; anything else is
 * completed at once. Faults are injected per path for the next `times` requests: a hang (a time-out for us),
 * a 5xx page or a body that is not JSON; an order fault with `executes: true` strikes after the order was
 * executed (only its answer is lost).
 */
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type ClubkonnectPath = "order" | "query";

export type ClubkonnectFault = ({ kind: "hang" } | { kind: "status"; status: number } | { kind: "malformed" }) & {
  times?: number;
  executes?: boolean;
};

export type ClubkonnectOutcome =
  | "completed"
  /** Answered with this status word at once and nothing executed (a refusal: INSUFFICIENT_BALANCE, INVALID_DATAPLAN, …). */
  | { refuse: string }
  /** Executed but answered with `status` (ORDER_RECEIVED, ORDER_ONHOLD, …); queries answer it `queries` times, then `then`. */
  | { status: string; queries: number; then: "ORDER_COMPLETED" | "ORDER_CANCELLED" | "ORDER_FAILED" };

export interface ClubkonnectOrder {
  requestId: string;
  path: string;
  params: Record<string, string>;
  orderId: string;
  /** The order's status word now. */
  status: string;
  /** Naira taken from the wallet for it (refunded when cancelled or failed). */
  charged: number;
  queriesLeft: number;
  then: string | null;
}

export interface FakeClubkonnect {
  baseUrl: string;
  credentials: { userId: string; apiKey: string };
  /** Every order executed (refused orders are not), by RequestID. */
  orders: Map<string, ClubkonnectOrder>;
  /** Every order request that arrived, refused or not, in order. */
  received: { path: string; requestId: string | null }[];
  /** Naira. */
  balance: number;
  /** What an order for this recipient does; default "completed". */
  outcomeFor: Map<string, ClubkonnectOutcome>;
  /** Naira a data plan costs, by DataPlan code; an airtime order costs its Amount. */
  planPrices: Map<string, number>;
  /** What APIDatabundlePlansV2.asp lists, grouped by network as theirs is: {"MOBILE_NETWORK": {"MTN": [{"ID": "01", "PRODUCT": [...]}]}}. */
  planListing: { network: string; id: string; products: { PRODUCT_ID: string; PRODUCT_NAME: string; PRODUCT_AMOUNT: string }[] }[];
  /** How long an executed order's answer takes (ms): a window in which the order is executed and its answer not yet back. */
  answerDelayMs: number;
  fault(path: ClubkonnectPath, fault: ClubkonnectFault): void;
  /** What it delivered: executed orders whose status is ORDER_COMPLETED. */
  delivered(): ClubkonnectOrder[];
  /** The environment that points a server (or the CLI) at this fake for the routes that name clubkonnect, plus `extra`. */
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

const ORDER_PATHS = new Set([
  "/APIAirtimeV1.asp",
  "/APIDatabundleV1.asp",
  "/APICableTVV1.asp",
  "/APIElectricityV1.asp",
  "/APIWAECV1.asp",
  "/APIJAMBV1.asp",
  "/APISmileV1.asp",
  "/APISpectranetV1.asp",
]);

const STATUS_CODES: Readonly<Record<string, string>> = {
  ORDER_RECEIVED: "100",
  ORDER_ONHOLD: "300",
  ORDER_PROCESSED: "101",
  ORDER_COMPLETED: "200",
  ORDER_CANCELLED: "400",
  ORDER_FAILED: "500",
};

export async function startFakeClubkonnect(): Promise<FakeClubkonnect> {
  const faults = new Map<ClubkonnectPath, ClubkonnectFault[]>();
  let nextOrderId = 7_000_001;
  const sockets = new Set<Socket>();

  const fake: FakeClubkonnect = {
    baseUrl: "",
    credentials: { userId: "CK100000001", apiKey: "FAKECLUBKONNECTKEY0123456789" },
    orders: new Map(),
    received: [],
    balance: 100_000,
    outcomeFor: new Map(),
    planPrices: new Map(),
    planListing: [],
    answerDelayMs: 0,
    fault(path, fault) {
      const queue = faults.get(path) ?? [];
      queue.push({ times: 1, ...fault });
      faults.set(path, queue);
    },
    delivered: () => [...fake.orders.values()].filter((order) => order.status === "ORDER_COMPLETED"),
    env: (extra = {}) => ({
      CLUBKONNECT_BASE_URL: fake.baseUrl,
      CLUBKONNECT_USER_ID: fake.credentials.userId,
      CLUBKONNECT_API_KEY: fake.credentials.apiKey,
      ...extra,
    }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };

  function takeFault(path: ClubkonnectPath): ClubkonnectFault | null {
    const queue = faults.get(path);
    const fault = queue?.[0];
    if (!fault) return null;
    fault.times = (fault.times ?? 1) - 1;
    if (fault.times <= 0) queue.shift();
    return fault;
  }

  function json(response: http.ServerResponse, body: unknown): void {
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  }

  /** Answers as the fault says; a hang never answers (the client's time-out ends it). */
  function strike(fault: ClubkonnectFault, response: http.ServerResponse): void {
    if (fault.kind === "hang") return;
    if (fault.kind === "status") response.writeHead(fault.status, { "content-type": "text/html" }).end("<h1>Server Error</h1>");
    else response.writeHead(200, { "content-type": "text/html" }).end("<html>Microsoft VBScript runtime error</html>");
  }

  function orderAnswer(order: ClubkonnectOrder): Record<string, unknown> {
    return {
      orderid: order.orderId,
      statuscode: STATUS_CODES[order.status] ?? "000",
      status: order.status,
      remark: order.status.replace(/_/g, " ").toLowerCase(),
      ordertype: order.path.replace(/^\/API|V1\.asp$/g, ""),
      mobilenumber: order.params.MobileNumber ?? null,
      amountcharged: String(order.charged),
      walletbalance: String(fake.balance),
    };
  }

  function costOf(params: Record<string, string>): number {
    if (params.DataPlan) return fake.planPrices.get(params.DataPlan) ?? 100;
    return Number(params.Amount ?? 0);
  }

  function order(path: string, params: Record<string, string>, response: http.ServerResponse): void {
    const requestId = params.RequestID ?? null;
    fake.received.push({ path, requestId });
    if (!requestId) return json(response, { status: "MISSING_REQUESTID" });
    const known = fake.orders.get(requestId);
    if (known) return json(response, orderAnswer(known));
    const fault = takeFault("order");
    if (fault && !fault.executes) return strike(fault, response);
    const recipient = params.MobileNumber ?? params.SmartCardNo ?? params.MeterNo ?? "";
    const outcome = fake.outcomeFor.get(recipient) ?? "completed";
    if (typeof outcome === "object" && "refuse" in outcome) return json(response, { status: outcome.refuse });
    const charged = costOf(params);
    if (!Number.isFinite(charged) || charged <= 0) return json(response, { status: "INVALID_AMOUNT" });
    if (charged > fake.balance) return json(response, { status: "INSUFFICIENT_BALANCE" });
    fake.balance -= charged;
    const executed: ClubkonnectOrder = {
      requestId,
      path,
      params,
      orderId: String(nextOrderId++),
      status: outcome === "completed" ? "ORDER_COMPLETED" : outcome.status,
      charged,
      queriesLeft: outcome === "completed" ? 0 : outcome.queries,
      then: outcome === "completed" ? null : outcome.then,
    };
    fake.orders.set(requestId, executed);
    if (fault) return strike(fault, response);
    if (fake.answerDelayMs > 0) setTimeout(() => json(response, orderAnswer(executed)), fake.answerDelayMs);
    else json(response, orderAnswer(executed));
  }

  function query(params: Record<string, string>, response: http.ServerResponse): void {
    const fault = takeFault("query");
    if (fault) return strike(fault, response);
    const found = params.RequestID ? fake.orders.get(params.RequestID) : undefined;
    if (!found) return json(response, { status: "INVALID_REQUESTID" });
    if (found.then) {
      if (found.queriesLeft > 0) found.queriesLeft -= 1;
      else {
        found.status = found.then;
        found.then = null;
        if (found.status !== "ORDER_COMPLETED") fake.balance += found.charged;
      }
    }
    json(response, orderAnswer(found));
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const params = Object.fromEntries(url.searchParams);
    request.resume();
    if (request.method !== "GET") return response.writeHead(405).end();
    if (params.UserID !== fake.credentials.userId || params.APIKey !== fake.credentials.apiKey) {
      return json(response, { status: "INVALID_CREDENTIALS" });
    }
    const { UserID: _user, APIKey: _key, ...rest } = params;
    if (ORDER_PATHS.has(url.pathname)) return order(url.pathname, rest, response);
    if (url.pathname === "/APIQueryV1.asp") return query(rest, response);
    if (url.pathname === "/APIDatabundlePlansV2.asp") {
      const networks: Record<string, unknown[]> = {};
      for (const { network, id, products } of fake.planListing) {
        const listed = products.map((product) => ({ ...product, PRODUCT_CODE: product.PRODUCT_ID.split(".")[0] }));
        networks[network] = [{ ID: id, PRODUCT: listed }];
      }
      return json(response, { MOBILE_NETWORK: networks });
    }
    if (url.pathname === "/APIWalletBalanceV1.asp")
      return json(response, { date: new Date().toISOString(), id: "1", phoneno: "", balance: String(fake.balance) });
    response.writeHead(404, { "content-type": "text/html" }).end("<h1>Not Found</h1>");
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return fake;
}
