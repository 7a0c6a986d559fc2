/**
 * VTpass's callback end to end on the production server (VEND_PROVIDER=vtpass pointed at the fake VTpass):
 * a purchase bought through /api/v1, then POST /api/upstream/vtpass/callback as VTpass sends it. The
 * body is only a hint: a requery decides, money moves only through settle_purchase or
 * reverse_delivered_purchase, and everything that is not ours changes nothing. Answers are what their
 * documentation requires ({"response":"success"}), the ledger check stays clean.
 */
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { checkLedger } from "~/server/services/reconciliation/check-ledger";
import { startFakeVtpass, type FakeVtpass } from "~/test/fake-vtpass";
import { operator } from "~/test/fixtures";
import { request } from "~/test/http";
import { balanceOf, fundedAccount, ledgerOf, reference } from "~/test/purchase-fixtures";
import { startTestServer, type TestServer } from "~/test/server";

const FUNDING = 1_000_000n;
const PLAN = "mtn-1gb-30d";
const TOKEN = "callback-token-0123456789abcdef";
const CALLBACK = `/api/upstream/vtpass/callback?token=${TOKEN}`;

let fake: FakeVtpass;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakeVtpass();
  await fundedAccount(1n); // the sandbox catalog, then its VTpass names
  await db.dataPlan.update({ where: { id: PLAN }, data: { upstreamService: "mtn-data", upstreamCode: "mtn-1gb-test" } });
  server = await startTestServer({
    DATABASE_URL: process.env.DATABASE_URL!,
    // Only the callbacks settle anything here: the server's own reconciler stays out of the way.
    RECONCILE_INTERVAL_MS: "3600000",
    RECONCILE_GRACE_MS: "3600000",
    ...fake.env({
      VTPASS_TIMEOUT_MS: "2000",
      VTPASS_QUERY_TIMEOUT_MS: "1000",
      VTPASS_RETRIES: "0",
      VTPASS_CALLBACK_TOKEN: TOKEN,
      VTPASS_CALLBACK_ALLOWED_IPS: "127.0.0.1/32, ::1",
    }),
  });
}, 90_000);
afterAll(() => fake?.close());

type Json = Record<string, unknown>;

/** A data purchase through the REST API; the transaction's id and VTpass request id. */
async function buy(phone: string) {
  const account = await fundedAccount(FUNDING);
  const response = await request(server.url("/api/v1/data"), {
    method: "POST",
    headers: { ...account.auth, "content-type": "application/json" },
    body: JSON.stringify({ clientReference: reference("cb"), planId: PLAN, phone }),
  });
  expect(response.status).toBe(201);
  const answer = response.json() as Json;
  const row = await db.transaction.findUniqueOrThrow({ where: { id: answer.id as string } });
  return { accountId: account.accountId, id: row.id, requestId: row.upstreamRequestId!, answer };
}

function callback(body: unknown, options: { path?: string; method?: string; localAddress?: string } = {}) {
  return request(server.url(options.path ?? CALLBACK), {
    method: options.method ?? "POST",
    headers: { "content-type": "application/json" },
    body: options.method === "GET" ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    localAddress: options.localAddress,
  });
}

/** VTpass's body for the order, with its inner status as they would claim it. */
function claiming(requestId: string, status: string): Json {
  const body = fake.callbackBody(requestId) as { data: { content: { transactions: Json } } };
  body.data.content.transactions.status = status;
  return body as unknown as Json;
}

async function snapshot(accountId: string, id: string) {
  const row = await db.transaction.findUniqueOrThrow({ where: { id } });
  const ledger = await ledgerOf(accountId);
  return { status: row.status, balance: await balanceOf(accountId), kinds: ledger.map((entry) => entry.kind) };
}

async function expectLedgerClean(accountId: string) {
  const check = await checkLedger(operator, { accountId });
  expect(check.mismatches).toEqual([]);
  expect(check.ok).toBe(true);
}

function expectSuccessAnswer(response: { status: number; json: () => unknown }) {
  expect(response.status).toBe(200);
  expect(response.json()).toEqual({ response: "success" });
}

describe("POST /api/upstream/vtpass/callback", () => {
  it("a pending purchase that VTpass reports delivered settles successful once a requery confirms it", async () => {
    fake.outcomeFor("08035550001", { pending: 0, then: "delivered" });
    const bought = await buy("08035550001");
    expect(bought.answer.status).toBe("pending");
    expect(fake.orders.get(bought.requestId)!.status).toBe("pending");

    expectSuccessAnswer(await callback(claiming(bought.requestId, "delivered")));
    const after = await snapshot(bought.accountId, bought.id);
    expect(after.status).toBe("SUCCESSFUL");
    expect(after.balance).toBe(FUNDING - BigInt(bought.answer.amount as number));
    expect(after.kinds).toEqual(["FUNDING", "PURCHASE"]);
    const row = await db.transaction.findUniqueOrThrow({ where: { id: bought.id } });
    expect(row.providerReference).toBe(fake.orders.get(bought.requestId)!.transactionId);
    // Settled through its vend attempt, which records the answer too (no attempt left pending for ever).
    expect(
      await db.vendAttempt.findMany({ where: { transactionId: bought.id }, select: { status: true, upstreamRequestId: true } }),
    ).toEqual([{ status: "DELIVERED", upstreamRequestId: bought.requestId }]);

    // VTpass repeats a callback until it hears success: a repeat changes nothing.
    expectSuccessAnswer(await callback(claiming(bought.requestId, "delivered")));
    expect(await snapshot(bought.accountId, bought.id)).toEqual(after);
    await expectLedgerClean(bought.accountId);
  });

  it("a callback claiming delivered while the requery still says pending changes nothing", async () => {
    fake.outcomeFor("08035550002", { pending: 100, then: "delivered" });
    const bought = await buy("08035550002");
    const before = await snapshot(bought.accountId, bought.id);
    expectSuccessAnswer(await callback(claiming(bought.requestId, "delivered")));
    expect(await snapshot(bought.accountId, bought.id)).toEqual(before);
    expect(before.status).toBe("PENDING");
    // A forged failure does not refund it either.
    expectSuccessAnswer(await callback(claiming(bought.requestId, "reversed")));
    expect(await snapshot(bought.accountId, bought.id)).toEqual(before);
    await expectLedgerClean(bought.accountId);
  });

  it("a delivered purchase that VTpass reverses is refunded once, audited as the system; two callbacks, one REVERSAL", async () => {
    const bought = await buy("08035550003");
    expect(bought.answer.status).toBe("successful");
    // A reversal claimed while VTpass still says delivered is not believed.
    expectSuccessAnswer(await callback(claiming(bought.requestId, "reversed")));
    expect((await snapshot(bought.accountId, bought.id)).status).toBe("SUCCESSFUL");

    fake.orders.get(bought.requestId)!.status = "reversed";
    const answers = await Promise.all([callback(fake.callbackBody(bought.requestId)), callback(fake.callbackBody(bought.requestId))]);
    for (const answer of answers) expectSuccessAnswer(answer);
    expectSuccessAnswer(await callback(fake.callbackBody(bought.requestId)));

    const after = await snapshot(bought.accountId, bought.id);
    expect(after.status).toBe("FAILED");
    expect(after.balance).toBe(FUNDING);
    expect(after.kinds).toEqual(["FUNDING", "PURCHASE", "REVERSAL"]);
    const audit = await db.auditLogEntry.findMany({ where: { targetId: bought.id, action: "transaction.upstream_reversal" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: "SYSTEM", actorLabel: "system", accountId: bought.accountId });
    const row = await db.transaction.findUniqueOrThrow({ where: { id: bought.id } });
    expect(row.failureReason).toMatch(/reversed/);
    await expectLedgerClean(bought.accountId);

    // The reseller sees it failed.
    const reseller = await db.transaction.findUniqueOrThrow({ where: { id: bought.id }, select: { status: true } });
    expect(reseller.status).toBe("FAILED");
  });

  it("a reversal that arrives while VTpass cannot be asked is refused with 503, changing nothing; its resend reverses it once", async () => {
    const bought = await buy("08035550006");
    expect(bought.answer.status).toBe("successful");
    const before = await snapshot(bought.accountId, bought.id);
    fake.orders.get(bought.requestId)!.status = "reversed";
    for (const fault of [
      { kind: "status", status: 502 },
      { kind: "raw", status: 401, body: '{"code":"087","response_description":"INVALID CREDENTIALS"}' },
      { kind: "raw", status: 200, body: '{"code":"011","response_description":"INVALID ARGUMENTS"}' },
      { kind: "malformed" },
      { kind: "hang" },
    ] as const) {
      fake.inject("requery", { ...fault, times: 1 });
      const refused = await callback(fake.callbackBody(bought.requestId));
      expect(refused.status, JSON.stringify(fault)).toBe(503);
      expect(refused.headers["content-type"]).toContain("application/problem+json");
      // VTpass was told to send it again: nothing was acknowledged, nothing moved.
      expect(await snapshot(bought.accountId, bought.id)).toEqual(before);
    }

    // Their next attempt finds VTpass answering: refunded once, and a further resend changes nothing.
    expectSuccessAnswer(await callback(fake.callbackBody(bought.requestId)));
    expectSuccessAnswer(await callback(fake.callbackBody(bought.requestId)));
    const after = await snapshot(bought.accountId, bought.id);
    expect(after).toMatchObject({ status: "FAILED", balance: FUNDING, kinds: ["FUNDING", "PURCHASE", "REVERSAL"] });
    await expectLedgerClean(bought.accountId);
    expect(fake.disagreementsWith(await db.transaction.findMany({ where: { accountId: bought.accountId } }))).toEqual([]);
  });

  it("a pending purchase's callback while VTpass cannot be asked is refused too, and settled by its resend", async () => {
    fake.outcomeFor("08035550007", { pending: 100, then: "delivered" });
    const bought = await buy("08035550007");
    fake.orders.get(bought.requestId)!.status = "delivered";
    fake.inject("requery", { kind: "status", status: 503, times: 1 });
    expect((await callback(fake.callbackBody(bought.requestId))).status).toBe(503);
    expect((await snapshot(bought.accountId, bought.id)).status).toBe("PENDING");
    expectSuccessAnswer(await callback(fake.callbackBody(bought.requestId)));
    expect((await snapshot(bought.accountId, bought.id)).status).toBe("SUCCESSFUL");
    await expectLedgerClean(bought.accountId);
    expect(fake.disagreementsWith(await db.transaction.findMany({ where: { accountId: bought.accountId } }))).toEqual([]);
  });

  it("an unknown request id, a transactionId that does not match, a malformed body or another type: answered success, nothing changed", async () => {
    fake.outcomeFor("08035550004", { pending: 0, then: "delivered" });
    const bought = await buy("08035550004");
    const before = await snapshot(bought.accountId, bought.id);
    const ledgerCount = await db.ledgerEntry.count();

    const unknown = claiming(bought.requestId, "delivered") as { data: Json };
    unknown.data.requestId = "202611240000ffffffffffffffffffffffffffffffff";
    const mismatched = claiming(bought.requestId, "delivered") as { data: { content: { transactions: Json } } };
    mismatched.data.content.transactions.transactionId = "9999999999";
    for (const body of [
      unknown,
      "{not json",
      "",
      { type: "transaction-update" },
      { type: "transaction-update", data: { requestId: 42 } },
      { type: "variations-update", data: { requestId: bought.requestId } },
      [1, 2, 3],
    ]) {
      expectSuccessAnswer(await callback(body));
    }
    // A provider reference we already hold must match: this pending one has the one from the purchase answer.
    const stored = await db.transaction.findUniqueOrThrow({ where: { id: bought.id } });
    expect(stored.providerReference).toBe(fake.orders.get(bought.requestId)!.transactionId);
    expectSuccessAnswer(await callback(mismatched));

    expect(await snapshot(bought.accountId, bought.id)).toEqual(before);
    expect(await db.ledgerEntry.count()).toBe(ledgerCount);
    // None of them reached VTpass: a requery was never asked for.
    expect(fake.orders.get(bought.requestId)!.status).toBe("pending");
    expect(server.logs().some((line) => /vtpass callback ignored/.test(line.msg))).toBe(true);
  });

  it("refuses another method (405, Allow: POST), a wrong token and a source address off the list (403), changing nothing", async () => {
    fake.outcomeFor("08035550005", { pending: 0, then: "delivered" });
    const bought = await buy("08035550005");
    const before = await snapshot(bought.accountId, bought.id);

    const get = await callback(null, { method: "GET" });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe("POST");
    expect(get.headers["content-type"]).toContain("application/problem+json");

    const body = claiming(bought.requestId, "delivered");
    expect((await callback(body, { path: "/api/upstream/vtpass/callback" })).status).toBe(403);
    expect((await callback(body, { path: "/api/upstream/vtpass/callback?token=wrong" })).status).toBe(403);
    expect((await callback(body, { localAddress: "127.0.0.7" })).status).toBe(403);

    expect(await snapshot(bought.accountId, bought.id)).toEqual(before);
    expect(fake.orders.get(bought.requestId)!.status).toBe("pending");
  });
});
