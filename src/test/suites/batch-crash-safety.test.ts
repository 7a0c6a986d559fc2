/**
 * A batch survives SIGKILL (issue 36): the production server (two worker processes, each running the
 * batch worker) buys a batch from the fake VTpass (src/test/fake-vtpass.ts, which keeps its own books);
 * every process is killed with SIGKILL while orders are leased and purchases are mid-flight; the server
 * is restarted on the same database, and then:
 *
 *  - the batch completes, every order settled, with the counts its transactions give;
 *  - every order was bought exactly once: one transaction per order, each request id reached VTpass's
 *    /api/pay at most once, and VTpass delivered exactly the purchases we settled successful;
 *  - the balance is the funding minus what the successful purchases cost, and `ledger:check` is clean;
 *  - one `batch.completed` event.
 *
 * The kill is timed by the database, not the clock: while some orders are done, some are leased, and
 * a purchase has been begun (debited) but not settled. Without the leases the orders the dead processes
 * held would never be bought; without the purchase engine's idempotency per clientReference, the
 * orders claimed again after the kill would be bought twice (VTpass's books would show it); without the
 * reconciler the cut purchases would stay pending and the batch would never complete.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { adminWithEnv } from "~/test/admin-cli";
import { startFakeVtpass, type FakeVtpass } from "~/test/fake-vtpass";
import { request } from "~/test/http";
import { livingProcessesInGroup } from "~/test/process-group";
import { ensureSandboxCatalog, fundedAccount, reference } from "~/test/purchase-fixtures";
import { startTestServer, type TestServer } from "~/test/server";

const WORKERS = 2;
const ORDERS = 400;
const FUNDING = 1_000_000_000n;
/** Recipients: most succeed; some are refused (016), go pending (settled by the reconciler), or are never answered (a time-out). */
const PHONES = ["08031234567", "08031234567", "08031234567", "08031230000", "08031231111", "08031232222"];

let fake: FakeVtpass | undefined;
let server: TestServer | undefined;
let upstreamEnv: Record<string, string> = {};

afterAll(async () => {
  await fake?.close();
});

afterEach(async () => {
  const last = server;
  server = undefined;
  if (!last || last.process.exitCode !== null || last.process.signalCode !== null) return;
  const exited = new Promise((resolve) => last.process.once("exit", resolve));
  process.kill(-last.process.pid!, "SIGTERM");
  await exited;
});

async function startServer(): Promise<TestServer> {
  const started = await startTestServer(
    {
      ...upstreamEnv,
      DATABASE_URL: process.env.DATABASE_URL!,
      WEB_CONCURRENCY: String(WORKERS),
      RECONCILE_GRACE_MS: "1000",
      RECONCILE_INTERVAL_MS: "1000",
      DATABASE_POOL_SIZE: "8",
      BATCH_ACCOUNT_CONCURRENCY: "6",
      BATCH_WORKER_CONCURRENCY: "4",
      // Longer than a vend (VTPASS_TIMEOUT_MS and a requery), short enough for a test.
      BATCH_ORDER_LEASE_MS: "8000",
      BATCH_POLL_INTERVAL_MS: "50",
    },
    { detached: true },
  );
  await expect.poll(() => started.listeningWorkers(), { timeout: 60_000 }).toBe(WORKERS);
  return started;
}

interface Moment {
  done: number;
  leased: number;
  cutInHalf: number;
}

async function momentOf(batchId: string, accountId: string): Promise<Moment> {
  const [row] = await db.$queryRaw<Moment[]>`
    SELECT (SELECT count(*)::int FROM batch_orders WHERE batch_id = ${batchId}::uuid AND state = 'DONE') AS done,
           (SELECT count(*)::int FROM batch_orders WHERE batch_id = ${batchId}::uuid AND state = 'RUNNING') AS leased,
           (SELECT count(*)::int FROM transactions
            WHERE account_id = ${accountId}::uuid AND status = 'PENDING' AND updated_at = created_at) AS "cutInHalf"`;
  return row!;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe("a batch across SIGKILL", () => {
  it("is bought exactly once, order by order, and completes after a restart", async () => {
    await ensureSandboxCatalog();
    fake = await startFakeVtpass();
    fake.outcomeFor("08031230000", { code: "016" });
    fake.outcomeFor("08031231111", { pending: 1, then: "delivered" });
    fake.outcomeFor("08031232222", "unanswered");
    // "015 never received" settles a purchase failed only once it is old enough that its /api/pay cannot
    // still be on its way: on this loaded machine a pay can reach VTpass after an early requery did.
    upstreamEnv = fake.env({
      VTPASS_DEFAULT_PHONE: "08011111111",
      VTPASS_TIMEOUT_MS: "2000",
      VTPASS_NOT_FOUND_AFTER_MS: "10000",
      VTPASS_QUERY_TIMEOUT_MS: "2000",
      VTPASS_RETRIES: "1",
      VTPASS_RETRY_DELAY_MS: "20",
    });
    const account = await fundedAccount(FUNDING);
    server = await startServer();

    const orders = Array.from({ length: ORDERS }, (_, index) => ({
      kind: "airtime",
      clientReference: reference(`crash-${index}`),
      networkId: index % 2 === 0 ? "mtn" : "airtel",
      phone: PHONES[index % PHONES.length],
      amount: (50 + (index % 10)) * 100,
    }));
    const batchReference = reference("crash-batch");
    const accepted = await request(server.url("/api/v1/batches"), {
      method: "POST",
      headers: { ...account.auth, "content-type": "application/json" },
      body: JSON.stringify({ batchReference, orders }),
    });
    expect(accepted.status, accepted.text).toBe(202);
    const batchId = (accepted.json() as { id: string }).id;

    // Kill while orders are done, others leased, and a purchase is between its debit and its settlement.
    let atKill: Moment = { done: 0, leased: 0, cutInHalf: 0 };
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      atKill = await momentOf(batchId, account.accountId);
      if (atKill.done >= 20 && atKill.leased > 0 && atKill.cutInHalf > 0) break;
      await sleep(20);
    }
    const primary = server.process;
    const exited = new Promise((resolve) => primary.once("exit", resolve));
    process.kill(-primary.pid!, "SIGKILL");
    await exited;
    await expect.poll(() => livingProcessesInGroup(primary.pid!), { timeout: 10_000 }).toEqual([]);
    console.log(
      `batch-crash-safety: killed with ${atKill.done} orders done, ${atKill.leased} leased, ${atKill.cutInHalf} purchases cut in half`,
    );
    expect(atKill.done).toBeLessThan(ORDERS);
    expect(atKill.leased).toBeGreaterThan(0);
    expect(atKill.cutInHalf).toBeGreaterThan(0);
    const afterKill = await momentOf(batchId, account.accountId);
    expect(afterKill.leased, "the dead processes' leases are still held").toBeGreaterThan(0);

    server = await startServer();
    await expect
      .poll(async () => (await db.batch.findUniqueOrThrow({ where: { id: batchId } })).status, { timeout: 180_000, interval: 250 })
      .toBe("COMPLETED");

    // Some order was claimed again after its worker died.
    expect(await db.batchOrder.count({ where: { batchId, attempts: { gte: 2 } } })).toBeGreaterThan(0);
    const batchOrders = await db.batchOrder.findMany({ where: { batchId }, orderBy: { position: "asc" } });
    expect(batchOrders.every((order) => order.state === "DONE" && order.transactionId !== null)).toBe(true);

    const rows = await db.transaction.findMany({
      where: { accountId: account.accountId },
      select: {
        id: true,
        clientReference: true,
        status: true,
        amount: true,
        upstreamRequestId: true,
        token: true,
        pins: true,
        units: true,
        bonusToken: true,
      },
    });
    // One transaction per order, and each order points at its own.
    expect(rows).toHaveLength(ORDERS);
    expect(new Set(batchOrders.map((order) => order.transactionId)).size).toBe(ORDERS);
    expect(rows.map((row) => row.clientReference).sort()).toEqual(orders.map((order) => order.clientReference).sort());
    expect(rows.filter((row) => row.status === "PENDING")).toEqual([]);

    // The provider's own count: each request id reached /api/pay at most once, and VTpass delivered
    // exactly the purchases we settled successful.
    const arrivals = new Map<string, number>();
    for (const { requestId } of fake.payRequests) arrivals.set(requestId, (arrivals.get(requestId) ?? 0) + 1);
    expect([...arrivals].filter(([, count]) => count > 1)).toEqual([]);
    expect(fake.disagreementsWith(rows)).toEqual([]);
    const delivered = [...fake.orders.values()].filter((order) => order.status === "delivered").length;
    const successful = rows.filter((row) => row.status === "SUCCESSFUL");
    expect(delivered).toBe(successful.length);
    expect(successful.length).toBeGreaterThan(0);

    const batch = await request(server.url(`/api/v1/batches/${batchReference}`), { headers: account.auth });
    const spent = successful.reduce((sum, row) => sum + row.amount, 0n);
    expect(batch.json()).toMatchObject({
      status: "completed",
      counts: { total: ORDERS, pending: 0, successful: successful.length, failed: ORDERS - successful.length },
      spent: Number(spent),
    });
    const wallet = await db.wallet.findUniqueOrThrow({ where: { accountId_livemode: { accountId: account.accountId, livemode: true } } });
    expect(wallet.balance).toBe(FUNDING - spent);
    const check = await adminWithEnv(upstreamEnv, "ledger:check");
    expect(check.code, check.stderr).toBe(0);
    expect(check.json).toMatchObject({ ok: true, mismatches: [] });
    expect(await db.webhookEvent.count({ where: { accountId: account.accountId, type: "batch.completed" } })).toBe(1);
  }, 400_000);
});
