/**
 * The benchmark's mixed scenario (docs/performance.md "A day's mix", issue 38): a day's traffic at
 * once, 60 % reads (plans, balance, the transactions list, events), 25 % fresh purchases, 10 % replays,
 * 5 % bill verifications, with webhook delivery on (every settlement delivered to a local receiver
 * that verifies each signature). Per route: rps and p50/p99; and each route alone, the same way, in the
 * same run, on the same server: its p99 alone, and the mix's p99 over it (target ≤ 2).
 *
 * One autocannon instance drives the mix: each request a connection sends is the next of a sequence
 * of twenty in those proportions, interleaved, shared by all the connections (so they do not all start
 * with the same route). Latency is taken per route from autocannon's own per-response time (the
 * `response` event), tagged with the route the connection sent (its context, which the onResponse
 * hook reads just before, synchronously), so each route's figures are its own answers' and not the
 * mix's average. The routes alone run through the same code with a sequence of one.
 */
import autocannon from "autocannon";
import { startBenchServer, type BenchServer } from "~/bench/bench-server";
import type { Db } from "~/server/db";

const log = (message: string) => console.error(`[bench] ${message}`);
const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

interface Route {
  name: string;
  /** Requests of this route in a sequence of twenty. */
  weight: number;
  method: "GET" | "POST";
  path: string;
  /** A body per request (fresh references, repeated ones). */
  body?: () => string;
}

export interface RouteFigures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  requests: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!, 1);
}

/**
 * The routes' requests interleaved in proportion to their weights (smooth weighted round robin): a
 * route of weight 5 in twenty comes every fourth request, not five in a row.
 */
export function interleave<T extends { weight: number }>(routes: T[]): T[] {
  const total = routes.reduce((sum, route) => sum + route.weight, 0);
  const credit = routes.map(() => 0);
  const sequence: T[] = [];
  for (let step = 0; step < total; step += 1) {
    routes.forEach((route, index) => (credit[index]! += route.weight));
    const chosen = credit.indexOf(Math.max(...credit));
    credit[chosen]! -= total;
    sequence.push(routes[chosen]!);
  }
  return sequence;
}

/** The routes' requests from `connections` connections for `seconds`: each route's own figures. */
function runRoutes(
  base: string,
  headers: Record<string, string>,
  routes: Route[],
  seconds: number,
  connections: number,
): Promise<{ routes: Record<string, RouteFigures>; transportErrors: number }> {
  const latencies = new Map<string, number[]>(routes.map((route) => [route.name, []]));
  const errors = new Map<string, number>(routes.map((route) => [route.name, 0]));
  const sequence = interleave(routes);
  let sent = 0;
  let answered: string | null = null;
  const json = { ...headers, "content-type": "application/json" };
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        timeout: 10,
        requests: [
          {
            // Called before each request a connection sends, with that connection's context.
            setupRequest: (request, context: { route?: string }) => {
              const route = sequence[sent++ % sequence.length]!;
              context.route = route.name;
              return route.body
                ? { ...request, method: route.method, path: route.path, headers: json, body: route.body() }
                : { ...request, method: route.method, path: route.path, headers };
            },
            onResponse: (_status, _body, context: { route?: string }) => {
              answered = context.route ?? null;
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          // Socket errors and time-outs: autocannon counts them per instance, not per request.
          transportErrors: result.errors + result.timeouts,
          routes: Object.fromEntries(
            routes.map((route) => {
              const times = latencies.get(route.name)!.sort((a, b) => a - b);
              return [
                route.name,
                {
                  rps: round(times.length / seconds, 1),
                  p50Ms: percentile(times, 0.5),
                  p99Ms: percentile(times, 0.99),
                  errors: errors.get(route.name)!,
                  requests: times.length,
                },
              ];
            }),
          ),
        });
      },
    );
    // Emitted right after the answering request's onResponse, in the same tick.
    instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (answered === null) return;
      if (statusCode >= 200 && statusCode < 300) latencies.get(answered)!.push(responseTime);
      else errors.set(answered, errors.get(answered)! + 1);
      answered = null;
    });
  });
}

export interface MixedContext {
  db: Db;
  databaseUrl: string;
  accountId: string;
  auth: Record<string, string>;
  servers: BenchServer[];
  seconds: number;
  connections: number;
  warmUpSeconds: number;
}

export async function measureMixed(context: MixedContext) {
  const { db, accountId, auth } = context;
  const { startWebhookReceiver } = await import("~/test/webhook-receiver");
  const { newWebhookSecret } = await import("~/server/services/webhooks/webhook-endpoint-view");
  const receiver = await startWebhookReceiver();
  const secret = newWebhookSecret();
  receiver.secrets = [secret];
  receiver.answers = [{ status: 204 }];
  const endpoint = await db.webhookEndpoint.create({
    data: { accountId, url: receiver.url, eventTypes: ["transaction.successful", "transaction.failed"], secret, enabled: true },
  });
  const server = await startBenchServer(context.databaseUrl, { env: { BENCH_ROUTES: "1", WEBHOOK_ALLOW_PRIVATE_URLS: "1" } });
  context.servers.push(server);
  try {
    let fresh = 0;
    let replayed = 0;
    /** References the routes-alone purchases made, repeated by the replays (well inside those sent). */
    let existing = 1;
    const purchase = (reference: string) => JSON.stringify({ clientReference: reference, planId: "mtn-1gb-30d", phone: "08031234567" });
    const routes: Route[] = [
      { name: "plans", weight: 3, method: "GET", path: "/api/v1/plans" },
      { name: "balance", weight: 3, method: "GET", path: "/api/v1/balance" },
      { name: "transactions", weight: 3, method: "GET", path: "/api/v1/transactions" },
      { name: "events", weight: 3, method: "GET", path: "/api/v1/events" },
      { name: "purchase", weight: 5, method: "POST", path: "/api/v1/data", body: () => purchase(`mixed-${fresh++}`) },
      { name: "replay", weight: 2, method: "POST", path: "/api/v1/data", body: () => purchase(`mixed-${replayed++ % existing}`) },
      {
        name: "verify",
        weight: 1,
        method: "POST",
        path: "/api/v1/bills/cable-tv/verify",
        body: () => JSON.stringify({ planId: "dstv-padi", customerId: "7012345678" }),
      },
    ];
    const base = server.base;
    // Every route compiled and warm, and references to replay, before anything is measured.
    await runRoutes(base, auth, routes, context.warmUpSeconds, context.connections);
    existing = Math.max(1, fresh - 100);

    const alone: Record<string, RouteFigures> = {};
    for (const route of routes) {
      log(`mixed: ${route.name} alone…`);
      const own = await runRoutes(base, auth, [{ ...route, weight: 1 }], context.seconds, context.connections);
      alone[route.name] = { ...own.routes[route.name]!, errors: own.routes[route.name]!.errors + own.transportErrors };
      if (route.name === "purchase") existing = Math.max(1, fresh - 100);
    }
    log("mixed: the day's mix…");
    const deliveredBefore = receiver.received.length;
    const { routes: mixed, transportErrors } = await runRoutes(base, auth, routes, context.seconds, context.connections);
    const delivered = receiver.received.length - deliveredBefore;
    const unverified = receiver.received.filter((delivery) => delivery.verifiedBy === null).length;
    if (unverified > 0) throw new Error(`mixed: ${unverified} webhook deliveries failed verification`);

    const perRoute = Object.fromEntries(
      routes.map((route) => {
        const inMix = mixed[route.name]!;
        const own = alone[route.name]!;
        return [
          route.name,
          {
            ...inMix,
            share: round(route.weight / 20),
            aloneRps: own.rps,
            aloneP99Ms: own.p99Ms,
            aloneErrors: own.errors,
            /** Target ≤ 2: the route's p99 in the mix over its p99 alone. */
            p99Ratio: own.p99Ms > 0 ? round(inMix.p99Ms / own.p99Ms) : null,
          },
        ];
      }),
    );
    const ratios = Object.values(perRoute)
      .map((route) => route.p99Ratio)
      .filter((ratio): ratio is number => ratio !== null);
    return {
      seconds: context.seconds,
      connections: context.connections,
      rps: round(
        Object.values(mixed).reduce((total, route) => total + route.rps, 0),
        1,
      ),
      errors: Object.values(mixed).reduce((total, route) => total + route.errors, 0) + transportErrors,
      /** Of those, socket errors and time-outs, which autocannon does not tell apart by request. */
      transportErrors,
      /** The largest of the routes' p99 ratios: the figure the target is read against. */
      worstP99Ratio: ratios.length > 0 ? Math.max(...ratios) : null,
      webhookDeliveries: delivered,
      routes: perRoute,
    };
  } finally {
    await server.stop();
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false } });
    await receiver.close();
  }
}

export type MixedResults = Awaited<ReturnType<typeof measureMixed>>;

/** The mix's figures per route, one line each, for the table. */
export function mixedRows(results: MixedResults) {
  return Object.entries(results.routes).map(([route, figures]) => ({
    route,
    share: figures.share,
    rps: figures.rps,
    "p50 ms": figures.p50Ms,
    "p99 ms": figures.p99Ms,
    errors: figures.errors,
    "alone p99 ms": figures.aloneP99Ms,
    "p99 / alone (≤ 2)": figures.p99Ratio ?? "–",
  }));
}
