/**
 * Issue 8's fault tests, end to end: the production server with VEND_PROVIDER=http buys against a
 * fake upstream (src/test/fake-upstream.ts) that injects latency, 5xx, malformed JSON, connection
 * resets, hangs and late deliveries; then the operator CLI's `reconcile --all` (configured the
 * same way) settles what was left pending. Whatever the fault, every transaction ends successful or
 * failed, the upstream saw exactly one vend for it and delivered only what was charged, the wallet
 * equals its funding minus the successful purchases, and `ledger:check` passes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { adminWithEnv } from "~/test/admin-cli";
import { startFakeUpstream, type FakeUpstream, type Injection, type ScriptedOutcome } from "~/test/fake-upstream";
import { request } from "~/test/http";
import { balanceOf, fundedAccount, ledgerOf, reference } from "~/test/purchase-fixtures";
import { startTestServer, type TestServer } from "~/test/server";

const UPSTREAM_KEY = "upk_E2E_SECRET_8d1c5a93";
const FUNDING = 100_000n;
const PLAN = "mtn-1gb-30d";

let upstream: FakeUpstream;
let server: TestServer;

/** How the server and the CLI reach the fake upstream: short limits so faults end within a second. */
function providerEnv(): Record<string, string> {
  return {
    VEND_PROVIDER: "http",
    VEND_HTTP_BASE_URL: upstream.baseUrl,
    VEND_HTTP_API_KEY: UPSTREAM_KEY,
    VEND_HTTP_TIMEOUT_MS: "1000",
    VEND_HTTP_QUERY_TIMEOUT_MS: "500",
    VEND_HTTP_RETRIES: "2",
    VEND_HTTP_RETRY_DELAY_MS: "20",
  };
}

// The server's own reconciler stays out of the way (its interval is an hour, and fresh purchases are
// inside their grace period), so the CLI's explicit runs are the only requeries the tests see.
const QUIET_RECONCILER = { RECONCILE_INTERVAL_MS: "3600000", RECONCILE_GRACE_MS: "3600000" };

beforeAll(async () => {
  upstream = await startFakeUpstream({ apiKey: UPSTREAM_KEY });
  server = await startTestServer({ DATABASE_URL: process.env.DATABASE_URL!, ...QUIET_RECONCILER, ...providerEnv() });
}, 90_000);
afterAll(() => upstream?.close());

type Json = Record<string, unknown>;

function call(auth: Record<string, string>, method: string, path: string, body?: unknown, target: TestServer = server) {
  return request(target.url(path), {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function reconcile() {
  const run = await adminWithEnv(providerEnv(), "reconcile", "--all");
  expect(run.code).toBe(0);
  expect(run.stderr + run.stdout).not.toContain(UPSTREAM_KEY);
  return run.json as { settled: number; stillPending: number; checked: number };
}

async function transactionStatus(auth: Record<string, string>, clientReference: string): Promise<Json> {
  const response = await call(auth, "GET", `/api/v1/transactions/${clientReference}`);
  expect(response.status).toBe(200);
  return response.json() as Json;
}

/** The money facts of one account after settlement: one debit, a reversal only if failed, balance to match. */
async function expectMoneySettled(accountId: string, transaction: Json, upstreamTransactionId: string) {
  const amount = BigInt(transaction.amount as number);
  const successful = transaction.status === "successful";
  expect(await balanceOf(accountId)).toBe(successful ? FUNDING - amount : FUNDING);
  const ledger = await ledgerOf(accountId);
  expect(ledger.filter((entry) => entry.kind === "PURCHASE")).toHaveLength(1);
  expect(ledger.filter((entry) => entry.kind === "REVERSAL")).toHaveLength(successful ? 0 : 1);
  // Exactly one vend reached the upstream, and it delivered exactly what was charged.
  expect(upstream.vendArrivals(upstreamTransactionId)).toBe(1);
  expect(upstream.deliveries(upstreamTransactionId)).toBe(successful ? 1 : 0);
}

interface FaultCase {
  name: string;
  injection?: Injection;
  outcome?: ScriptedOutcome;
  /** The status in the purchase's own 201 answer. */
  answered: "successful" | "failed" | "pending";
  /** The status after the reconciler has run. */
  settles: "successful" | "failed";
}

const CASES: FaultCase[] = [
  {
    name: "an answer slower than usual but within the time-out",
    injection: { kind: "latency", ms: 300 },
    answered: "successful",
    settles: "successful",
  },
  { name: "a hang before executing", injection: { kind: "hang" }, answered: "pending", settles: "failed" },
  { name: "a hang after executing", injection: { kind: "hang", executes: true }, answered: "pending", settles: "successful" },
  { name: "a connection reset before executing", injection: { kind: "reset" }, answered: "pending", settles: "failed" },
  { name: "a connection reset after executing", injection: { kind: "reset", executes: true }, answered: "pending", settles: "successful" },
  { name: "a 503 before executing", injection: { kind: "status", status: 503 }, answered: "pending", settles: "failed" },
  { name: "a 502 after executing", injection: { kind: "status", status: 502, executes: true }, answered: "pending", settles: "successful" },
  { name: "malformed JSON before executing", injection: { kind: "malformed" }, answered: "pending", settles: "failed" },
  { name: "malformed JSON after executing", injection: { kind: "malformed", executes: true }, answered: "pending", settles: "successful" },
  {
    name: "a body that stalls after executing",
    injection: { kind: "stall-body", executes: true },
    answered: "pending",
    settles: "successful",
  },
  {
    name: "an unknown status after executing",
    injection: { kind: "raw", status: 200, body: '{"status":"processing"}', executes: true },
    answered: "pending",
    settles: "successful",
  },
  { name: "an explicit refusal", outcome: "failed", answered: "failed", settles: "failed" },
  { name: "a pending answer that later succeeds", outcome: { pending: 0, then: "successful" }, answered: "pending", settles: "successful" },
  { name: "a pending answer that later fails", outcome: { pending: 0, then: "failed" }, answered: "pending", settles: "failed" },
];

describe("vend faults, then the reconciler", () => {
  const bought = new Map<
    string,
    { accountId: string; auth: Record<string, string>; clientReference: string; status: number; answer: Json; balanceAfterPurchase: bigint }
  >();
  let reconciled: { settled: number; stillPending: number; checked: number };

  beforeAll(async () => {
    for (const [index, fault] of CASES.entries()) {
      const { accountId, auth } = await fundedAccount(FUNDING);
      const phone = `0803100${String(index).padStart(4, "0")}`;
      if (fault.outcome) upstream.outcomeFor(phone, fault.outcome);
      if (fault.injection) upstream.inject("vend", fault.injection);
      const clientReference = reference("fault");
      // Every fault ends within the provider's time limits (a second or two); a purchase that has not
      // answered long after that is a bug in its own right, named here with the server's last words.
      const response = await request(server.url("/api/v1/data"), {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ clientReference, planId: PLAN, phone }),
        timeoutMs: 20_000,
      }).catch((error: Error) => {
        const lastLogs = server.output().split("\n").slice(-15).join("\n");
        throw new Error(`"${fault.name}": ${error.message}; the server's last log lines:\n${lastLogs}`);
      });
      upstream.clear();
      bought.set(fault.name, {
        accountId,
        auth,
        clientReference,
        status: response.status,
        answer: response.json() as Json,
        balanceAfterPurchase: await balanceOf(accountId),
      });
    }
    await upstream.idle();
    reconciled = await reconcile();
  }, 120_000);

  it.each(CASES)("$name: answered $answered, settled $settles, charged once, vended once", async (fault) => {
    const purchase = bought.get(fault.name)!;
    expect(purchase.status).toBe(201);
    expect(purchase.answer.status).toBe(fault.answered);
    // Never a lost debit: a purchase still pending has its money held, not returned or lost.
    const amount = BigInt(purchase.answer.amount as number);
    expect(purchase.balanceAfterPurchase).toBe(fault.answered === "failed" ? FUNDING : FUNDING - amount);

    const settled = await transactionStatus(purchase.auth, purchase.clientReference);
    expect(settled.status).toBe(fault.settles);
    expect(settled.completedAt).toEqual(expect.any(String));
    if (fault.settles === "successful") expect(settled.providerReference).toMatch(/^FAKE-/);
    else expect(settled.failureReason).toEqual(expect.any(String));
    await expectMoneySettled(purchase.accountId, settled, purchase.answer.id as string);
  });

  it("settled every pending purchase in one run", () => {
    expect(reconciled.checked).toBe(CASES.filter((fault) => fault.answered === "pending").length);
    expect(reconciled.stillPending).toBe(0);
  });
});

describe("requery faults and late deliveries", () => {
  async function pendingPurchase(injection: Injection) {
    const account = await fundedAccount(FUNDING);
    upstream.inject("vend", injection);
    const clientReference = reference("late");
    const response = await call(account.auth, "POST", "/api/v1/data", { clientReference, planId: PLAN, phone: "08031234567" });
    upstream.clear();
    const answer = response.json() as Json;
    expect(answer.status).toBe("pending");
    return { ...account, clientReference, transactionId: answer.id as string };
  }

  it("keeps a transaction pending while requeries fail, and settles it once the upstream recovers", async () => {
    const purchase = await pendingPurchase({ kind: "hang", executes: true });
    upstream.inject("requery", { kind: "reset" });
    const during = await reconcile();
    expect(during).toMatchObject({ checked: 1, settled: 0, stillPending: 1 });
    expect((await transactionStatus(purchase.auth, purchase.clientReference)).status).toBe("pending");
    expect(await balanceOf(purchase.accountId)).toBe(FUNDING - 28_000n);

    upstream.clear();
    expect(await reconcile()).toMatchObject({ checked: 1, settled: 1, stillPending: 0 });
    const settled = await transactionStatus(purchase.auth, purchase.clientReference);
    expect(settled.status).toBe("successful");
    await expectMoneySettled(purchase.accountId, settled, purchase.transactionId);
  });

  it("refunds an order the upstream had not received, and the upstream refuses it when it turns up later", async () => {
    const purchase = await pendingPurchase({ kind: "hold" });
    expect(await reconcile()).toMatchObject({ settled: 1, stillPending: 0 });
    upstream.release();
    await upstream.idle();

    expect(upstream.closed(purchase.transactionId)).toBe(true);
    const settled = await transactionStatus(purchase.auth, purchase.clientReference);
    expect(settled).toMatchObject({ status: "failed", failureReason: "The provider never received the order." });
    await expectMoneySettled(purchase.accountId, settled, purchase.transactionId);
  });

  it("charges an order the upstream received late but before the reconciler asked", async () => {
    const purchase = await pendingPurchase({ kind: "hold" });
    upstream.release();
    await upstream.idle();
    expect(await reconcile()).toMatchObject({ settled: 1, stillPending: 0 });
    const settled = await transactionStatus(purchase.auth, purchase.clientReference);
    expect(settled.status).toBe("successful");
    await expectMoneySettled(purchase.accountId, settled, purchase.transactionId);
  });
});

describe("verification faults", () => {
  const bill = { planId: "dstv-padi", customerId: "7012345678" };
  const billFunding = 10_000_000n;

  it("answer 503 provider.unavailable and charge nothing when the biller stays unreachable", async () => {
    const { accountId, auth } = await fundedAccount(billFunding);
    upstream.inject("verify", { kind: "status", status: 503 });
    const vendsBefore = upstream.requests.filter((entry) => entry.path === "vend").length;
    const response = await call(auth, "POST", "/api/v1/bills/cable-tv/pay", { clientReference: reference(), ...bill });
    upstream.clear();

    expect(response.status).toBe(503);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    const problem = response.json() as Json;
    expect(problem.errors).toEqual([{ name: "provider.unavailable", reason: problem.detail }]);
    expect(problem.detail).toContain("The biller could not be reached.");
    expect(await balanceOf(accountId)).toBe(billFunding);
    expect(await db.transaction.count({ where: { accountId } })).toBe(0);
    expect(upstream.requests.filter((entry) => entry.path === "vend")).toHaveLength(vendsBefore);
  });

  it("retry a transient fault and then pay", async () => {
    const { auth } = await fundedAccount(billFunding);
    upstream.inject("verify", { kind: "reset", times: 1 });
    const response = await call(auth, "POST", "/api/v1/bills/cable-tv/pay", { clientReference: reference(), ...bill });
    expect(response.status).toBe(201);
    expect(response.json()).toMatchObject({ status: "successful", customerName: "Ada Okafor" });
  });
});

describe("configuration", () => {
  it("uses the sandbox when VEND_PROVIDER is unset", async () => {
    const sandboxServer = await startTestServer({ DATABASE_URL: process.env.DATABASE_URL!, ...QUIET_RECONCILER });
    const { auth } = await fundedAccount(FUNDING);
    const response = await call(
      auth,
      "POST",
      "/api/v1/data",
      { clientReference: reference(), planId: PLAN, phone: "08031234567" },
      sandboxServer,
    );
    expect(response.status).toBe(201);
    const answer = response.json() as Json;
    expect(answer).toMatchObject({ status: "successful", providerReference: expect.stringMatching(/^SBX-/) });
    expect(upstream.vendArrivals(answer.id as string)).toBe(0);
  }, 60_000);

  it("fails loudly, charging nothing, when VEND_PROVIDER=http has no base URL", async () => {
    const misconfigured = { ...providerEnv(), VEND_HTTP_BASE_URL: "" };
    const broken = await startTestServer({ DATABASE_URL: process.env.DATABASE_URL!, ...QUIET_RECONCILER, ...misconfigured });
    const { accountId, auth } = await fundedAccount(10_000_000n);

    const purchase = await call(auth, "POST", "/api/v1/data", { clientReference: reference(), planId: PLAN, phone: "08031234567" }, broken);
    expect(purchase.status).toBe(500);
    // A configuration error, not the biller being unreachable (503).
    const verification = await call(
      auth,
      "POST",
      "/api/v1/bills/cable-tv/verify",
      { planId: "dstv-padi", customerId: "7012345678" },
      broken,
    );
    expect(verification.status).toBe(500);
    expect(await balanceOf(accountId)).toBe(10_000_000n);
    expect(await db.transaction.count({ where: { accountId } })).toBe(0);
    expect(broken.output()).toContain("VEND_PROVIDER=http needs VEND_HTTP_BASE_URL");

    const run = await adminWithEnv(misconfigured, "reconcile");
    expect(run.code).not.toBe(0);
    expect(run.json.error.message).toContain("VEND_PROVIDER=http needs VEND_HTTP_BASE_URL");
  }, 60_000);

  it("never writes the upstream's key to the server's output, whatever faults it logged", () => {
    expect(server.output()).toContain("transaction left pending for the reconciler");
    expect(server.output()).not.toContain(UPSTREAM_KEY);
  });
});

describe("the ledger", () => {
  it("passes ledger:check after every fault above", async () => {
    const run = await adminWithEnv(providerEnv(), "ledger:check");
    expect(run.json).toMatchObject({ ok: true, mismatches: [] });
    expect(await db.transaction.count({ where: { status: "PENDING" } })).toBe(0);
  });
});
