/**
 * A fake upstream for the HTTP provider's protocol (src/server/providers/http-provider.ts): a real
 * node:http server on a random loopback port that keeps its own books and can be told to misbehave.
 *
 * Its books are what the fault tests judge the platform by: every vend request that arrived (by
 * idempotency key, so a second vend of one transaction is visible), and every order it executed.
 * Like the real thing it executes a key at most once (a repeat returns the first answer), and a
 * status query for a key it never saw closes that key, so a vend arriving later is refused.
 *
 * Faults are injected per path ("verify", "vend", "requery"), for the next `times` requests or until
 * cleared (the upstream "recovers"), on every request or only on every `every`-th. A vend fault
 * strikes either before the order is executed (the request is lost) or, with `executes: true`, after
 * it (the answer is lost). `vendDelayMs` makes a slow upstream: every vend answered that late, faults
 * aside (the benchmark's slowUpstream scenario).
 *
 * Outcomes: every order succeeds unless its recipient was given another outcome with `outcomeFor`;
 * a customer id ending in 9999 is unknown to verification.
 */
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Fault =
  /** Answer normally, but `ms` late. */
  | { kind: "latency"; ms: number }
  /** Never answer (the connection stays open). */
  | { kind: "hang" }
  /** Send the status line and half a JSON body, then nothing more. */
  | { kind: "stall-body" }
  /** Drop the connection without an answer (socket.destroy()). */
  | { kind: "reset" }
  /** Answer with this status and an HTML error page, as a failing gateway does. */
  | { kind: "status"; status: number }
  /** Answer 200 with a body cut off mid-JSON. */
  | { kind: "malformed" }
  /** Answer with exactly this status and body. */
  | { kind: "raw"; status: number; body: string }
  /** Hold the request until release() is called, then handle it (the vend is executed late). */
  | { kind: "hold" };

export type Injection = Fault & {
  /** Vend only: execute the order first, so that only the answer is lost. */
  executes?: boolean;
  /** How many requests the fault applies to; every request until clear() by default. */
  times?: number;
  /** Strike only every n-th request on the path after the injection (the n-th, the 2n-th, …); the others are answered normally. */
  every?: number;
};

export type Path = "verify" | "vend" | "requery";

/** What the upstream makes of an order for a recipient. */
export type ScriptedOutcome =
  | "successful"
  /** Refused at once with 422 and an explicit failed status; nothing delivered. */
  | "failed"
  /** Answered pending; each status query answers pending `requeries` times, then `then`. */
  | { pending: number; then: "successful" | "failed" };

interface OrderRecord {
  transactionId: string;
  recipient: string;
  service: string;
  providerReference: string;
  status: "successful" | "failed" | "pending";
  token: string | null;
  reason: string | null;
  pendingRequeries: number;
  finally: "successful" | "failed";
}

export interface RecordedRequest {
  path: Path | "other";
  method: string;
  url: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: unknown;
  /** The fault that struck this request, if one did. */
  fault?: Fault["kind"];
}

export interface FakeUpstream {
  baseUrl: string;
  apiKey: string;
  /** Every request that reached the server, faulted or not, in arrival order. */
  requests: RecordedRequest[];
  inject(path: Path, injection: Injection): void;
  /** The upstream recovers: no more faults on any path. */
  clear(): void;
  outcomeFor(recipient: string, outcome: ScriptedOutcome): void;
  /** How many vend requests arrived for this transaction id (idempotency key). */
  vendArrivals(transactionId: string): number;
  /** The upstream's record of the order, or undefined when it never executed one for that key. */
  order(transactionId: string): Readonly<OrderRecord> | undefined;
  /** Orders actually delivered (executed and ended successful): at most one per key, by construction. */
  deliveries(transactionId: string): number;
  /** True when a status query closed this key before any vend for it was executed. */
  closed(transactionId: string): boolean;
  /** Lets held requests continue. */
  release(): void;
  /** Resolves when no request is being handled (held or delayed ones included), hung ones aside. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const REFUSED_AFTER_CLOSE = "Refused: this transaction was closed by an earlier status query.";

export async function startFakeUpstream(options: { apiKey?: string; vendDelayMs?: number } = {}): Promise<FakeUpstream> {
  const apiKey = options.apiKey ?? "fake-upstream-key-0123456789";
  const vendDelayMs = options.vendDelayMs ?? 0;
  const requests: RecordedRequest[] = [];
  const faults = new Map<Path, Injection>();
  const outcomes = new Map<string, ScriptedOutcome>();
  const orders = new Map<string, OrderRecord>();
  const closedKeys = new Set<string>();
  const arrivals = new Map<string, number>();
  const busy = new Set<Promise<void>>();
  let releaseHeld: () => void = () => {};
  let held = new Promise<void>((resolve) => (releaseHeld = resolve));
  let sequence = 0;
  const arrivalsOnPath = new Map<Path, number>();

  function takeFault(path: Path): Injection | undefined {
    const arrived = (arrivalsOnPath.get(path) ?? 0) + 1;
    arrivalsOnPath.set(path, arrived);
    const injection = faults.get(path);
    if (!injection) return undefined;
    if (injection.every !== undefined && arrived % injection.every !== 0) return undefined;
    if (injection.times !== undefined) {
      if (injection.times <= 1) faults.delete(path);
      else faults.set(path, { ...injection, times: injection.times - 1 });
    }
    return injection;
  }

  /** Executes an order once per key; later calls (and calls after the key was closed) only answer. */
  function execute(body: Record<string, unknown>): { status: number; answer: Record<string, unknown> } {
    const transactionId = String(body.transactionId);
    if (closedKeys.has(transactionId)) return { status: 409, answer: { transactionId, status: "failed", reason: REFUSED_AFTER_CLOSE } };
    let record = orders.get(transactionId);
    if (!record) {
      const recipient = String(body.recipient);
      const scripted = outcomes.get(recipient) ?? "successful";
      sequence += 1;
      const providerReference = `FAKE-${String(sequence).padStart(8, "0")}`;
      const token = body.service === "ELECTRICITY" ? String(10n ** 19n + BigInt(sequence)) : null;
      record = {
        transactionId,
        recipient,
        service: String(body.service),
        providerReference,
        status: scripted === "successful" ? "successful" : scripted === "failed" ? "failed" : "pending",
        token: scripted === "successful" ? token : null,
        reason: scripted === "failed" ? `Recipient ${recipient} was refused by the fake upstream.` : null,
        pendingRequeries: typeof scripted === "object" ? scripted.pending : 0,
        finally: typeof scripted === "object" ? scripted.then : scripted === "failed" ? "failed" : "successful",
      };
      if (record.status === "pending" && record.finally === "successful") record.token = token;
      orders.set(transactionId, record);
    }
    return { status: record.status === "failed" ? 422 : 200, answer: answerOf(record) };
  }

  function answerOf(record: OrderRecord): Record<string, unknown> {
    const { transactionId, providerReference, status } = record;
    if (status === "successful") return { transactionId, status, providerReference, token: record.token };
    if (status === "failed") return { transactionId, status, providerReference, reason: record.reason };
    return { transactionId, status, providerReference };
  }

  function requery(transactionId: string): { status: number; answer: Record<string, unknown> } {
    const record = orders.get(transactionId);
    if (!record) {
      // The protocol's promise: "not found" closes the key, so a late vend cannot be delivered after
      // the platform has refunded it.
      closedKeys.add(transactionId);
      return { status: 404, answer: { transactionId, status: "not_found" } };
    }
    if (record.status === "pending") {
      if (record.pendingRequeries > 0) record.pendingRequeries -= 1;
      else {
        record.status = record.finally;
        if (record.status === "failed") record.reason = `Recipient ${record.recipient} could not be served by the fake upstream.`;
      }
    }
    return { status: 200, answer: answerOf(record) };
  }

  function verify(body: Record<string, unknown>): { status: number; answer: Record<string, unknown> } {
    const customerId = String(body.customerId ?? "");
    if (customerId.endsWith("9999"))
      return { status: 404, answer: { status: "invalid", reason: `Customer ${customerId} is not known to the fake biller.` } };
    return { status: 200, answer: { status: "valid", customerName: "Ada Okafor", details: { customerId } } };
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    let body: unknown = null;
    try {
      body = text === "" ? null : JSON.parse(text);
    } catch {
      body = text;
    }
    const url = new URL(req.url ?? "/", "http://fake");
    const path: Path | "other" =
      req.method === "POST" && url.pathname === "/verify"
        ? "verify"
        : req.method === "POST" && url.pathname === "/vend"
          ? "vend"
          : req.method === "GET" && url.pathname.startsWith("/transactions/")
            ? "requery"
            : "other";
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    const recorded: RecordedRequest = {
      path,
      method: req.method ?? "",
      url: url.pathname,
      authorization: req.headers.authorization,
      idempotencyKey,
      body,
    };
    requests.push(recorded);
    if (path === "vend" && idempotencyKey) arrivals.set(idempotencyKey, (arrivals.get(idempotencyKey) ?? 0) + 1);

    const send = (status: number, answer: unknown) => {
      if (res.destroyed || res.writableEnded) return;
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
    };
    if (path === "other") return send(404, { error: "no such route" });

    // The protocol's handling, without faults; for a vend this executes the order.
    const handleForReal = () => {
      if (req.headers.authorization !== `Bearer ${apiKey}`) return { status: 401, answer: { error: "unauthorized" } };
      const fields = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
      if (path === "verify") return verify(fields);
      if (path === "requery") return requery(decodeURIComponent(url.pathname.slice("/transactions/".length)));
      if (!idempotencyKey || idempotencyKey !== fields.transactionId) {
        return { status: 400, answer: { status: "failed", reason: "Idempotency-Key must equal transactionId." } };
      }
      return execute(fields);
    };

    const fault = takeFault(path);
    if (fault) recorded.fault = fault.kind;
    if (path === "vend" && vendDelayMs > 0 && (!fault || fault.kind === "latency")) await sleep(vendDelayMs);
    if (!fault) {
      const { status, answer } = handleForReal();
      return send(status, answer);
    }
    // With `executes`, the order is executed before the fault strikes: only the answer is lost.
    const executedFirst = path === "vend" && fault.executes ? handleForReal() : null;
    switch (fault.kind) {
      case "latency": {
        await sleep(fault.ms);
        const { status, answer } = executedFirst ?? handleForReal();
        return send(status, answer);
      }
      case "hold": {
        await held;
        const { status, answer } = executedFirst ?? handleForReal();
        return send(status, answer);
      }
      case "hang":
        return;
      case "stall-body":
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"status":"succ');
        return;
      case "reset":
        req.socket.destroy();
        return;
      case "status":
        res.writeHead(fault.status, { "content-type": "text/html" }).end(`<html><body><h1>Error ${fault.status}</h1></body></html>`);
        return;
      case "malformed":
        res.writeHead(200, { "content-type": "application/json" }).end('{"status":"successful","providerReference":"FAKE-');
        return;
      case "raw":
        res.writeHead(fault.status, { "content-type": "application/json" }).end(fault.body);
        return;
    }
  }

  const server = http.createServer((req, res) => {
    const work = handle(req, res).catch((error: unknown) => {
      if (!res.headersSent && !res.destroyed) res.writeHead(500).end(String(error));
    });
    busy.add(work);
    void work.finally(() => busy.delete(work));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/`,
    apiKey,
    requests,
    inject: (path, injection) => {
      faults.set(path, injection);
      arrivalsOnPath.set(path, 0); // `every` counts from the injection
    },
    clear: () => faults.clear(),
    outcomeFor: (recipient, outcome) => void outcomes.set(recipient, outcome),
    vendArrivals: (transactionId) => arrivals.get(transactionId) ?? 0,
    order: (transactionId) => orders.get(transactionId),
    deliveries: (transactionId) => (orders.get(transactionId)?.status === "successful" ? 1 : 0),
    closed: (transactionId) => closedKeys.has(transactionId),
    release: () => {
      releaseHeld();
      held = new Promise<void>((resolve) => (releaseHeld = resolve));
    },
    idle: async () => {
      while (busy.size > 0) await Promise.race(busy);
    },
    close: async () => {
      releaseHeld();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
