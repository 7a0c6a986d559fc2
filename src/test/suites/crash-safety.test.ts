/**
 * Crash safety (DESIGN.md §3.3.8), end to end against the production server: many clients buy over
 * real sockets while every server process is killed with SIGKILL mid-purchase, twice; the server is
 * restarted on the same database (its start-up run of the reconciler settles what the dead processes
 * left), the operator's `reconcile --all` finishes the rest, the clients retry what never got an
 * answer, and then the money must add up exactly:
 *
 *  - every purchase a client saw confirmed (201/200) exists with the id it was shown, and its final
 *    status agrees with what was seen (successful stays successful, failed stays failed, pending may
 *    end either way); one reference is one transaction, answered 201 at most once;
 *  - a purchase refused with 402 left nothing behind;
 *  - nothing stays pending; requests in flight at the kill either never began or are settled, and
 *    their retries are replays of the one transaction, never a second charge;
 *  - every balance equals its funding minus the amounts of its successful purchases, and
 *    `npm run admin -- ledger:check` finds every wallet equal to its ledger, every purchase debited
 *    once and every failed one reversed once.
 *
 * The scenario runs once per upstream: the sandbox, and VEND_PROVIDER=vtpass against the fake VTpass
 * (src/test/fake-vtpass.ts), scripted so that the same recipients succeed, fail (`016`), go pending
 * (delivered on the second requery) or are never answered (our time-out, then `015` on requery: never
 * received, failed). Against VTpass the fake's books must also agree with ours: every request id was
 * sent to /api/pay at most once, and VTpass delivered exactly the purchases we settled successful.
 *
 * Then with two upstreams (docs/operating.md "Routes and failover"): airtime and data routed to VTpass,
 * then the fake Clubkonnect (src/test/fake-clubkonnect.ts), with more recipients that VTpass refuses
 * before executing anything (`012`), so they fail over: Clubkonnect completes them, answers pending
 * first, or refuses them too. Clubkonnect answers slowly, so kills land at every step of a failover
 * (the first attempt recorded or sent, the refusal recorded with the next attempt, the next one sent or
 * executed and unanswered). Each fake's own books must agree with ours, and no purchase was executed by
 * both: one delivery at most, across the two, for each transaction, and none for a failed one.
 *
 * The kill is timed by the database, not by the clock: the test watches for purchases that have been
 * begun (debited) but not yet settled and kills the server while there are some, then proves some
 * were really cut in half (still PENDING with updated_at = created_at, which only begin_purchase
 * leaves). Without the protections this would fail: without the reconciler those purchases (and the
 * sandbox's pending and timed-out ones) stay PENDING; if the debit, the transaction row and the ledger
 * entry were not one statement (begin_purchase), a kill between them breaks the balance equation or
 * the ledger check; if idempotency were not the unique index, the concurrent duplicates and retries
 * below would be charged twice.
 */
import fc from "fast-check";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { transaction as transactionSchema } from "~/schemas/api";
import { db } from "~/server/db";
import { createWebhookEndpoint } from "~/server/services/webhooks/manage-webhook-endpoints";
import { adminWithEnv } from "~/test/admin-cli";
import { startFakeClubkonnect, type FakeClubkonnect } from "~/test/fake-clubkonnect";
import { startFakeVtpass, type FakeVtpass } from "~/test/fake-vtpass";
import { request } from "~/test/http";
import { livingProcessesInGroup, processStat } from "~/test/process-group";
import { operator } from "~/test/fixtures";
import { ensureSandboxCatalog, fundedAccount, reference } from "~/test/purchase-fixtures";
import { startTestServer, type TestServer } from "~/test/server";
import { startWebhookReceiver, type WebhookReceiver } from "~/test/webhook-receiver";

type Account = Awaited<ReturnType<typeof fundedAccount>> & { funding: bigint };

const WORKERS = 2;
const CONNECTIONS = 16;
const KILL_CYCLES = 2;
/** Long enough that no vend still in flight is requeried (the sandbox's time-out is 50 ms, VTpass's here 300 ms), short enough for a test. */
const GRACE_MS = 1_000;
/** Load before a kill is allowed: enough purchases that every kind of answer has been seen. */
const MIN_LOAD_MS = 1_000;
const MIN_ANSWERS_BEFORE_KILL = 150;
/** If the database never shows a purchase mid-flight by then, kill anyway (the test then fails on it). */
const MAX_LOAD_MS = 10_000;
const SEED = Number(process.env.CRASH_SEED ?? 20261121);
const REQUEST_TIMEOUT_MS = 30_000;

// ---------------------------------------------------------------------------------------------
// What the clients buy: data, airtime and cable TV, for the sandbox's recipients that succeed, fail
// (0000), go pending and succeed on requery (1111), or time out and fail on requery (2222); the
// fake VTpass is scripted to treat them alike. Airtime in whole naira, which VTpass requires.

const ENDINGS = ["4567", "4567", "0000", "1111", "2222"] as const;
/** With routes: VTpass refuses these phones (`012`); Clubkonnect completes, answers pending then completes, or refuses. */
const FAILOVER_ENDINGS = ["3333", "5555", "6666"] as const;
const customerArb = fc.constantFrom(...ENDINGS).map((ending) => `450123${ending}`);

interface Order {
  path: string;
  body: Record<string, string | number>;
}

function orderArb(phoneEndings: readonly string[]): fc.Arbitrary<Order> {
  const phoneArb = fc.constantFrom(...phoneEndings).map((ending) => `0803123${ending}`);
  return fc.oneof(
    fc.record({ path: fc.constant("/data"), body: fc.record({ planId: fc.constantFrom("mtn-1gb-30d", "glo-1gb-30d"), phone: phoneArb }) }),
    fc.record({
      path: fc.constant("/airtime"),
      body: fc.record({
        networkId: fc.constantFrom("mtn", "airtel"),
        phone: phoneArb,
        amount: fc.integer({ min: 50, max: 1_000 }).map((naira) => naira * 100),
      }),
    }),
    fc.record({ path: fc.constant("/bills/cable-tv/pay"), body: fc.record({ planId: fc.constant("dstv-padi"), customerId: customerArb }) }),
  );
}

/** One client step: a new order, the same new order twice at once (a client retrying early), or a retry of an answered one. */
interface Step {
  kind: "new" | "duplicate" | "retry";
  account: number;
  order: Order;
  /** Which earlier answered purchase a retry repeats. */
  pick: number;
}

function stepArb(phoneEndings: readonly string[]): fc.Arbitrary<Step> {
  return fc.record({
    kind: fc.constantFrom("new", "new", "new", "new", "new", "new", "duplicate", "retry", "retry"),
    account: fc.nat(3),
    order: orderArb(phoneEndings),
    pick: fc.nat(),
  });
}

// ---------------------------------------------------------------------------------------------
// What the clients saw.

interface Attempt {
  cycle: number;
  account: Account;
  reference: string;
  order: Order;
  status?: number;
  transaction?: { id: string; status: string };
  /** Sent, and the connection died without an answer. */
  lost?: boolean;
}

const accounts: Account[] = [];
const attempts: Attempt[] = [];
const inFlight = new Set<Attempt>();
let server: TestServer | undefined;

// ---------------------------------------------------------------------------------------------
// The upstreams the scenario runs against.

interface Upstream {
  name: string;
  /** The phones' last digits the load buys for. */
  phoneEndings: readonly string[];
  /** Phones every route refuses: answered 503 provider.unavailable (failed, refunded), as the contract says. */
  unavailableEndings?: readonly string[];
  /** What must be in flight, beyond purchases cut between debit and settlement, for a kill to be worth it. */
  readyToKill?(): Promise<boolean>;
  /** Right after each kill, before the restart: looks at what the kill cut. */
  afterKill?(): Promise<void>;
  /** Starts what the server will vend through; the environment that points the server and the CLI at it. */
  start(): Promise<Record<string, string>>;
  /** After everything settled: the upstream's own books agree with ours. */
  checkBooks(): Promise<void>;
}

let fake: FakeVtpass | undefined;
let clubkonnect: FakeClubkonnect | undefined;
let receiver: WebhookReceiver | undefined;
afterAll(async () => {
  await fake?.close();
  await clubkonnect?.close();
  await receiver?.close();
});

/** The fake VTpass as both scenarios with VTpass script it, and the server's settings for it. */
async function startScriptedVtpass(): Promise<Record<string, string>> {
  await fake?.close();
  fake = await startFakeVtpass();
  for (const stem of ["0803123", "450123"]) {
    fake.outcomeFor(`${stem}0000`, { code: "016" });
    fake.outcomeFor(`${stem}1111`, { pending: 1, then: "delivered" });
    fake.outcomeFor(`${stem}2222`, "unanswered");
  }
  // The sandbox catalog names airtime and DStv Padi for VTpass, not the data plans.
  for (const network of ["mtn", "glo"]) {
    await db.dataPlan.update({
      where: { id: `${network}-1gb-30d` },
      data: { upstreamService: `${network}-data`, upstreamCode: `${network}-1gb-crash` },
    });
  }
  return fake.env({
    VTPASS_DEFAULT_PHONE: "08011111111",
    // A purchase is answered or timed out well inside GRACE_MS, so by the first requery no /api/pay of
    // ours is still on its way and `015` (never received) may fail it at once: the request id's minute
    // resolution would otherwise keep those pending for up to a minute.
    VTPASS_TIMEOUT_MS: "300",
    VTPASS_NOT_FOUND_AFTER_MS: "0",
    VTPASS_QUERY_TIMEOUT_MS: "1000",
    VTPASS_RETRIES: "1",
    VTPASS_RETRY_DELAY_MS: "20",
  });
}

/** The transactions of this run's accounts as the books compare them. */
async function storedTransactions() {
  return db.transaction.findMany({
    where: { accountId: { in: accounts.map((account) => account.accountId) } },
    select: {
      id: true,
      clientReference: true,
      status: true,
      provider: true,
      recipient: true,
      upstreamRequestId: true,
      token: true,
      pins: true,
      units: true,
      bonusToken: true,
      attempts: { select: { provider: true, status: true, upstreamRequestId: true }, orderBy: { attemptNumber: "asc" } },
    },
  });
}

/** Each request id reached /api/pay at most once (a re-send would show here, answered 014), and VTpass delivered exactly what we settled successful on it. */
function checkVtpassBooks(rows: Awaited<ReturnType<typeof storedTransactions>>): void {
  const arrivals = new Map<string, number>();
  for (const { requestId } of fake!.payRequests) arrivals.set(requestId, (arrivals.get(requestId) ?? 0) + 1);
  expect([...arrivals].filter(([, count]) => count > 1)).toEqual([]);
  expect(fake!.disagreementsWith(rows)).toEqual([]);
  expect(fake!.unauthorized).toBe(0);
}

/** What the kills cut in the middle of a failover: purchases pending with a second attempt recorded and unanswered. */
const cutMidFailover: number[] = [];

async function purchasesMidFailover(): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM transactions t JOIN vend_attempts a ON a.transaction_id = t.id
    WHERE t.status = 'PENDING' AND a.attempt_number = 2 AND a.status = 'SENDING'`;
  return row?.n ?? 0;
}

const UPSTREAMS: Upstream[] = [
  { name: "sandbox", phoneEndings: ENDINGS, start: async () => ({}), checkBooks: async () => {} },
  {
    name: "vtpass",
    phoneEndings: ENDINGS,
    start: startScriptedVtpass,
    async checkBooks() {
      const rows = await storedTransactions();
      checkVtpassBooks(rows);
      // The load reached VTpass in every scripted way, the never-answered (time-out) purchases included.
      const sent = (ending: string) => fake!.payRequests.filter(({ body }) => String(body.billersCode ?? body.phone).endsWith(ending));
      for (const ending of ENDINGS) expect(sent(ending).length, ending).toBeGreaterThan(0);
      expect(rows.filter((row) => row.status === "SUCCESSFUL").length).toBeGreaterThan(0);
    },
  },
  {
    name: "VTpass then Clubkonnect",
    phoneEndings: [...ENDINGS, ...FAILOVER_ENDINGS],
    unavailableEndings: ["6666"],
    async start() {
      const vtpassEnv = await startScriptedVtpass();
      clubkonnect = await startFakeClubkonnect();
      clubkonnect.balance = 100_000_000;
      clubkonnect.answerDelayMs = 150;
      clubkonnect.planPrices.set("1000.0", 230).set("1000.2", 250);
      for (const ending of FAILOVER_ENDINGS) fake!.outcomeFor(`0803123${ending}`, { code: "012" });
      clubkonnect.outcomeFor.set("08031235555", { status: "ORDER_RECEIVED", queries: 1, then: "ORDER_COMPLETED" });
      clubkonnect.outcomeFor.set("08031236666", { refuse: "PRODUCT_NOT_AVAILABLE" });
      // Airtime and data at VTpass first (the catalog's names), then at Clubkonnect; cable TV has no routes.
      await db.$executeRaw`
        INSERT INTO product_routes (service, product_code, position, provider, upstream_service, upstream_code, commission_bps, cost_price)
        VALUES ('AIRTIME', 'mtn', 1, 'vtpass', NULL, NULL, 300, NULL), ('AIRTIME', 'mtn', 2, 'clubkonnect', '01', NULL, 350, NULL),
               ('AIRTIME', 'airtel', 1, 'vtpass', NULL, NULL, 300, NULL), ('AIRTIME', 'airtel', 2, 'clubkonnect', '04', NULL, 350, NULL),
               ('DATA', 'mtn-1gb-30d', 1, 'vtpass', NULL, NULL, NULL, 24000), ('DATA', 'mtn-1gb-30d', 2, 'clubkonnect', '01', '1000.0', NULL, 23000),
               ('DATA', 'glo-1gb-30d', 1, 'vtpass', NULL, NULL, NULL, 26000), ('DATA', 'glo-1gb-30d', 2, 'clubkonnect', '02', '1000.2', NULL, 25000)`;
      return {
        ...vtpassEnv,
        ...clubkonnect.env({
          // With VTpass's 300 ms, a failover is over well inside GRACE_MS: no requery meets an order still on its way.
          CLUBKONNECT_TIMEOUT_MS: "400",
          CLUBKONNECT_NOT_FOUND_AFTER_MS: "0",
          CLUBKONNECT_QUERY_TIMEOUT_MS: "1000",
          CLUBKONNECT_RETRIES: "1",
          CLUBKONNECT_RETRY_DELAY_MS: "20",
        }),
        // Circuits stay closed: every order meets its routes in order, so the scripted recipients decide the path.
        UPSTREAM_CIRCUIT_FAILURES: "1000",
      };
    },
    readyToKill: async () => (await purchasesMidFailover()) > 0,
    async afterKill() {
      cutMidFailover.push(await purchasesMidFailover());
    },
    async checkBooks() {
      const rows = await storedTransactions();
      checkVtpassBooks(rows.filter((row) => row.provider === "vtpass"));
      // Each RequestID reached Clubkonnect at most once, and only a refusal by VTpass sent an order there:
      // an order VTpass may have executed (a time-out, a pending answer, a crash) was never sent elsewhere.
      const arrivals = new Map<string, number>();
      for (const { requestId } of clubkonnect!.received) arrivals.set(requestId!, (arrivals.get(requestId!) ?? 0) + 1);
      expect([...arrivals].filter(([, count]) => count > 1)).toEqual([]);
      const byRequestId = new Map(
        rows.flatMap((row) => row.attempts.map((attempt) => [attempt.upstreamRequestId, { row, attempt }] as const)),
      );
      for (const requestId of arrivals.keys()) {
        const sent = byRequestId.get(requestId);
        expect(sent?.attempt.provider, requestId).toBe("clubkonnect");
        expect(sent!.row.attempts[0]).toMatchObject({ provider: "vtpass", status: "REFUSED" });
        expect(
          FAILOVER_ENDINGS.some((ending) => sent!.row.recipient.endsWith(ending)),
          sent!.row.recipient,
        ).toBe(true);
      }
      // Exactly once across both upstreams: a successful purchase was delivered by one of them, once; any other by none.
      const vtpassDelivered = new Set(
        [...fake!.orders.values()].filter((order) => order.status === "delivered").map((order) => order.requestId),
      );
      const clubkonnectDelivered = new Set(clubkonnect!.delivered().map((order) => order.requestId));
      const doubleOrWrong = rows.flatMap((row) => {
        const deliveries = row.attempts.filter(
          ({ upstreamRequestId }) => vtpassDelivered.has(upstreamRequestId) || clubkonnectDelivered.has(upstreamRequestId),
        ).length;
        return deliveries === (row.status === "SUCCESSFUL" ? 1 : 0)
          ? []
          : [`${row.clientReference}: ${row.status}, ${deliveries} deliveries`];
      });
      expect(doubleOrWrong).toEqual([]);
      const onClubkonnect = rows.filter((row) => row.provider === "clubkonnect");
      expect(
        onClubkonnect
          .filter((row) => row.status === "SUCCESSFUL")
          .map((row) => row.upstreamRequestId)
          .sort(),
      ).toEqual([...clubkonnectDelivered].sort());
      // The load failed over, both to a delivery and to a refusal on the last route.
      expect(onClubkonnect.filter((row) => row.status === "SUCCESSFUL").length).toBeGreaterThan(0);
      expect(rows.filter((row) => row.attempts.length === 2 && row.status === "FAILED").length).toBeGreaterThan(0);
      expect(attempts.filter((attempt) => attempt.status === 503).length, "no order was refused on every route").toBeGreaterThan(0);
      expect(
        cutMidFailover.some((count) => count > 0),
        "no kill landed between a failover's refusal and its next attempt's answer",
      ).toBe(true);
    },
  },
];

let upstreamEnv: Record<string, string> = {};

function admin(...args: string[]) {
  return adminWithEnv(upstreamEnv, ...args);
}

function serverEnv(): Record<string, string> {
  return {
    ...upstreamEnv,
    DATABASE_URL: process.env.DATABASE_URL!,
    WEB_CONCURRENCY: String(WORKERS),
    RECONCILE_GRACE_MS: String(GRACE_MS),
    RECONCILE_INTERVAL_MS: "1000",
    DATABASE_POOL_SIZE: "8",
    // A delivery cut off by a kill is sent again once its lease (time-out + 10 s) runs out.
    WEBHOOK_TIMEOUT_MS: "1000",
  };
}

async function startServer(): Promise<TestServer> {
  const started = await withTimeout(startTestServer(serverEnv(), { detached: true }), 120_000, "the server did not start");
  await expect.poll(() => started.listeningWorkers(), { timeout: 60_000 }).toBe(WORKERS);
  return started;
}

async function send(attempt: Attempt): Promise<void> {
  attempts.push(attempt);
  inFlight.add(attempt);
  const startedAt = Date.now();
  try {
    const response = await request(server!.url(`/api/v1${attempt.order.path}`), {
      method: "POST",
      headers: { ...attempt.account.auth, "content-type": "application/json" },
      body: JSON.stringify({ clientReference: attempt.reference, ...attempt.order.body }),
      // A request that hangs counts as unanswered (its outcome unknown), like one cut by the kill.
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    attempt.status = response.status;
    if (response.status === 200 || response.status === 201) {
      const seen = transactionSchema.parse(response.json());
      attempt.transaction = { id: seen.id, status: seen.status };
    }
  } catch (error) {
    attempt.lost = true;
    if (process.env.CRASH_DEBUG)
      console.log(`crash-safety: lost ${attempt.reference} after ${Date.now() - startedAt} ms: ${String(error)}`);
  } finally {
    inFlight.delete(attempt);
  }
}

/** One client connection's loop: steps from the seeded sample until told to stop. */
async function client(steps: Step[], cycle: number, stopped: () => boolean): Promise<void> {
  for (const step of steps) {
    if (stopped()) return;
    const account = accounts[step.account]!;
    const answered = attempts.filter((attempt) => attempt.transaction);
    if (step.kind === "retry" && answered.length > 0) {
      const earlier = answered[step.pick % answered.length]!;
      await send({ cycle, account: earlier.account, reference: earlier.reference, order: earlier.order });
    } else if (step.kind === "duplicate") {
      const ref = reference("crash");
      await Promise.all([
        send({ cycle, account, reference: ref, order: step.order }),
        send({ cycle, account, reference: ref, order: step.order }),
      ]);
    } else {
      await send({ cycle, account, reference: reference("crash"), order: step.order });
    }
  }
}

/** Purchases begun (debited, PENDING) that no settle_purchase has touched yet: cut in half if the server dies now. */
async function purchasesMidFlight(since: Date): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM transactions WHERE status = 'PENDING' AND updated_at = created_at AND created_at >= ${since}`;
  return row?.n ?? 0;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** Turns a hang into a failure that says where it happened. */
async function withTimeout<T>(promise: Promise<T>, milliseconds: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${milliseconds} ms`)), milliseconds);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Drives the load, SIGKILLs the whole process group while purchases are mid-flight, and proves every process died. */
async function loadAndKill(cycle: number, upstream: Upstream): Promise<{ inFlightAtKill: number; cutInHalf: number }> {
  const startedAt = new Date();
  let stopping = false;
  const steps = fc.sample(stepArb(upstream.phoneEndings), { seed: SEED + cycle, numRuns: CONNECTIONS * 400 });
  const clients = Array.from({ length: CONNECTIONS }, (_, index) =>
    client(steps.slice(index * 400, (index + 1) * 400), cycle, () => stopping),
  );

  for (;;) {
    await sleep(5);
    const elapsed = Date.now() - startedAt.getTime();
    const answers = attempts.filter((attempt) => attempt.cycle === cycle && attempt.status !== undefined).length;
    if (elapsed > MAX_LOAD_MS) break;
    if (elapsed < MIN_LOAD_MS || answers < MIN_ANSWERS_BEFORE_KILL) continue;
    if ((await purchasesMidFlight(startedAt)) >= 2 && (!upstream.readyToKill || (await upstream.readyToKill()))) break;
  }
  stopping = true;
  const inFlightAtKill = inFlight.size;
  const primary = server!.process;
  const exited = new Promise((resolve) =>
    primary.exitCode !== null || primary.signalCode !== null ? resolve(null) : primary.once("exit", resolve),
  );
  process.kill(-primary.pid!, "SIGKILL");
  await withTimeout(exited, 10_000, "the killed server did not exit");
  expect(primary.signalCode).toBe("SIGKILL");
  // Not one worker survives its primary: the whole group is gone (zombies awaiting init aside).
  await expect.poll(() => livingProcessesInGroup(primary.pid!), { timeout: 10_000 }).toEqual([]);
  await withTimeout(Promise.all(clients), REQUEST_TIMEOUT_MS + 10_000, "the clients did not stop");
  await upstream.afterKill?.();
  return { inFlightAtKill, cutInHalf: await purchasesMidFlight(startedAt) };
}

async function reconcileUntilNothingPending(): Promise<void> {
  for (let run = 0; run < 10; run += 1) {
    const result = await admin("reconcile", "--all");
    expect(result.code, result.stderr).toBe(0);
    // A running server's own reconciler may hold a lease on a row for a moment: run again.
    if (result.json.stillPending === 0) return;
    await sleep(500);
  }
  throw new Error("transactions still pending after 10 runs of reconcile --all");
}

// The scenarios share the file's database: the one that ran stops its server (and so its reconciler,
// which vends through its own upstream) before the next starts.
afterEach(async () => {
  const last = server;
  server = undefined;
  if (!last || last.process.exitCode !== null || last.process.signalCode !== null) return;
  const exited = new Promise((resolve) => last.process.once("exit", resolve));
  process.kill(-last.process.pid!, "SIGTERM");
  await withTimeout(exited, 30_000, "the server did not stop");
  await expect.poll(() => livingProcessesInGroup(last.process.pid!), { timeout: 10_000 }).toEqual([]);
});

describe.each(UPSTREAMS)("crash safety against the $name upstream", (upstream) => {
  it("loses no money and leaves nothing pending when every server process is SIGKILLed mid-purchase", async () => {
    console.log(`crash-safety (${upstream.name}): seed ${SEED} (CRASH_SEED=${SEED} to repeat the same orders)`);
    await ensureSandboxCatalog();
    upstreamEnv = await upstream.start();
    accounts.length = 0;
    attempts.length = 0;
    // Three accounts with plenty, one with funds for only a few purchases, so 402s happen under load too.
    for (const funding of [100_000_000n, 100_000_000n, 100_000_000n, 150_000n]) {
      accounts.push({ ...(await fundedAccount(funding)), funding });
    }
    // Every account listens for settlements, so deliveries are in flight at the kills too.
    await receiver?.close();
    receiver = await startWebhookReceiver();
    for (const account of accounts) {
      const endpoint = await createWebhookEndpoint(operator, account.accountId, {
        url: receiver.url,
        eventTypes: ["transaction.successful", "transaction.failed"],
      });
      receiver.secrets.push(endpoint.secret);
    }
    server = await startServer();

    // The database must not die with the server: it is outside the server's process group.
    const [backend] = await db.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    const postmaster = processStat(processStat(backend!.pid)!.ppid)!;
    expect(postmaster.pgrp).not.toBe(server.process.pid);

    let cutInHalf = 0;
    for (let cycle = 1; cycle <= KILL_CYCLES; cycle += 1) {
      const killed = await loadAndKill(cycle, upstream);
      console.log(
        `crash-safety (${upstream.name}): cycle ${cycle}: killed with ${killed.inFlightAtKill} requests in flight, ${killed.cutInHalf} purchases cut between debit and settlement`,
      );
      expect(killed.inFlightAtKill).toBeGreaterThan(0);
      cutInHalf += killed.cutInHalf;
      // Restart on the same database: each worker's start-up reconciler settles what the dead ones left.
      server = await startServer();
      expect(server.logs().some((line) => line.msg === "reconciler pass" && line.trigger === "start-up")).toBe(true);
    }
    expect(cutInHalf, "no kill landed between a debit and its settlement").toBeGreaterThan(0);

    await reconcileUntilNothingPending();

    // Requests in flight at a kill: either never began, or settled by now. Their retries replay the
    // one transaction (or, if it never began, buy once).
    const lost = attempts.filter((attempt) => attempt.lost);
    expect(lost.length).toBeGreaterThan(0);
    // All looked at before any retry: a retry may buy anew (a 1111 recipient then pending for a while).
    const storedBeforeRetry = await Promise.all(
      lost.map((attempt) =>
        db.transaction.findUnique({
          where: {
            accountId_livemode_clientReference: {
              accountId: attempt.account.accountId,
              livemode: true,
              clientReference: attempt.reference,
            },
          },
        }),
      ),
    );
    const answersFor = (attempt: Attempt) =>
      upstream.unavailableEndings?.some((ending) => String(attempt.order.body.phone ?? "").endsWith(ending))
        ? [200, 201, 402, 503]
        : [200, 201, 402];
    for (const [index, attempt] of lost.entries()) {
      const before = storedBeforeRetry[index];
      expect(before?.status ?? "absent", attempt.reference).not.toBe("PENDING");
      const retry: Attempt = { cycle: KILL_CYCLES + 1, account: attempt.account, reference: attempt.reference, order: attempt.order };
      await send(retry);
      if (before) {
        expect(retry.status, attempt.reference).toBe(200);
        expect(retry.transaction?.id, attempt.reference).toBe(before.id);
      } else {
        // 200 when another lost request with this reference (a duplicate) was retried first.
        expect(answersFor(attempt), attempt.reference).toContain(retry.status);
      }
    }
    await reconcileUntilNothingPending();

    // Every answer the clients got was one of the contract's purchase answers: nothing else (no 409
    // between a request and its own retry, no 5xx but provider.unavailable for an order every route refused).
    const answered = attempts.filter((attempt) => attempt.status !== undefined);
    const unexpected = answered.filter((attempt) => !answersFor(attempt).includes(attempt.status!));
    expect(unexpected.map((attempt) => `${attempt.reference}: ${attempt.status}`)).toEqual([]);
    // The load exercised what it claims to: successes, failures, pendings, replays and refusals.
    const seen = (status: number, transactionStatus?: string) =>
      answered.filter((attempt) => attempt.status === status && (!transactionStatus || attempt.transaction?.status === transactionStatus))
        .length;
    for (const [status, transactionStatus] of [[201, "successful"], [201, "failed"], [201, "pending"], [200], [402]] as const) {
      expect(seen(status, transactionStatus), `${status} ${transactionStatus ?? ""}`).toBeGreaterThan(0);
    }

    expect(await db.transaction.count({ where: { status: "PENDING" } })).toBe(0);

    // Every reference: what the clients saw agrees with what is stored.
    const stored = new Map(
      (
        await db.transaction.findMany({
          select: { id: true, accountId: true, clientReference: true, status: true, recipient: true, amount: true },
        })
      ).map((row) => [`${row.accountId}/${row.clientReference}`, row]),
    );
    const byReference = new Map<string, Attempt[]>();
    for (const attempt of attempts) {
      const key = `${attempt.account.accountId}/${attempt.reference}`;
      byReference.set(key, [...(byReference.get(key) ?? []), attempt]);
    }
    for (const [key, group] of byReference) {
      const row = stored.get(key);
      const confirmed = group.filter((attempt) => attempt.transaction);
      if (confirmed.length === 0) {
        // Only refusals (402): nothing left behind. Only lost requests: it may or may not exist.
        if (group.every((attempt) => attempt.status === 402)) expect(row, key).toBeUndefined();
        continue;
      }
      expect(row, `${key} was confirmed to the client but does not exist`).toBeDefined();
      expect(group.filter((attempt) => attempt.status === 201).length, `${key} answered 201 more than once`).toBeLessThanOrEqual(1);
      for (const attempt of confirmed) {
        expect(attempt.transaction!.id, key).toBe(row!.id);
        if (attempt.transaction!.status === "successful") expect(row!.status, key).toBe("SUCCESSFUL");
        if (attempt.transaction!.status === "failed") expect(row!.status, key).toBe("FAILED");
      }
      // The stored order is the one the client sent under that reference.
      const { path, body } = group[0]!.order;
      expect(row!.recipient, key).toBe(body.phone ?? body.customerId);
      if (path === "/airtime") expect(row!.amount, key).toBe(BigInt(body.amount!));
    }

    // No reference was debited twice (the ledger check proves it for all; this names the reference).
    const doubles = await db.$queryRaw<{ client_reference: string }[]>`
      SELECT t.client_reference FROM transactions t JOIN ledger_entries l ON l.transaction_id = t.id
      WHERE l.kind = 'PURCHASE' GROUP BY t.id, t.client_reference HAVING count(*) > 1`;
    expect(doubles).toEqual([]);

    // Each balance: its funding minus its successful purchases, to the kobo.
    for (const account of accounts) {
      const wallet = await db.wallet.findUniqueOrThrow({ where: { accountId_livemode: { accountId: account.accountId, livemode: true } } });
      const spent = await db.transaction.aggregate({
        where: { accountId: account.accountId, status: "SUCCESSFUL" },
        _sum: { amount: true },
      });
      expect(wallet.balance, account.accountId).toBe(account.funding - (spent._sum.amount ?? 0n));
    }

    const check = await admin("ledger:check");
    expect(check.code).toBe(0);
    expect(check.json).toMatchObject({ ok: true, mismatches: [] });
    expect(check.json.transactions).toBe(stored.size);
    await upstream.checkBooks();

    // Webhooks: every settled transaction has exactly one event of its final status, written by the
    // statement that settled it, whatever was killed when; none was lost and none invented.
    const settlementEvents = await db.$queryRaw<{ id: string; subject_id: string; type: string }[]>`
      SELECT id, subject_id, type FROM webhook_events WHERE type IN ('transaction.successful', 'transaction.failed')`;
    const eventsBySubject = new Map<string, string[]>();
    for (const event of settlementEvents)
      eventsBySubject.set(event.subject_id, [...(eventsBySubject.get(event.subject_id) ?? []), event.type]);
    for (const row of stored.values()) {
      expect(eventsBySubject.get(row.id), row.clientReference).toEqual([`transaction.${row.status.toLowerCase()}`]);
    }
    expect(settlementEvents).toHaveLength(stored.size);
    // ...and each reached the receiver, signed, once the last server's worker caught up (at least once:
    // a delivery cut off by a kill is sent again with the same webhook-id).
    await expect
      .poll(() => db.webhookDelivery.count({ where: { status: { not: "succeeded" } } }), { timeout: 60_000, interval: 500 })
      .toBe(0);
    const delivered = new Set(receiver!.received.map((delivery) => delivery.id));
    const thisRunsEvents = await db.webhookEvent.findMany({
      where: {
        accountId: { in: accounts.map((account) => account.accountId) },
        type: { in: ["transaction.successful", "transaction.failed"] },
      },
      select: { id: true },
    });
    expect(thisRunsEvents.length).toBeGreaterThan(0);
    expect(thisRunsEvents.filter((event) => !delivered.has(event.id)).map((event) => event.id)).toEqual([]);
    expect(receiver!.received.filter((delivery) => delivery.verifiedBy === null)).toEqual([]);
    console.log(
      `crash-safety (${upstream.name}): ${thisRunsEvents.length} settlement events, ${receiver!.received.length} deliveries received (${receiver!.received.length - delivered.size} repeats)`,
    );
  }, 300_000);
});
