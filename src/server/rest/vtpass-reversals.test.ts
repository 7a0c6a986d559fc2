/**
 * Issue 29's "done when", on the production server with VEND_PROVIDER=vtpass against the fake VTpass:
 * a purchase VTpass delivers and later reverses is refunded exactly once whether its callback arrives,
 * arrives while VTpass cannot be asked, or never arrives. The server's own reconciler loop runs the
 * reversal sweep (a first check 3 s after delivery here, 1 h by default), so in every scenario both
 * the callback and the sweep are in play. After each, `ledger:check` (the CLI) passes and VTpass's books
 * agree with ours: what it delivered and did not reverse is exactly what we settled successful.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { adminWithEnv } from "~/test/admin-cli";
import { startFakeVtpass, type FakeVtpass } from "~/test/fake-vtpass";
import { request } from "~/test/http";
import { fundedAccount, ledgerOf, reference } from "~/test/purchase-fixtures";
import { startTestServer, type TestServer } from "~/test/server";

const FUNDING = 1_000_000n;
const PLAN = "mtn-1gb-30d";
const TOKEN = "reversal-callback-token-0123456789";
const FIRST_CHECK_MS = 3_000;

let fake: FakeVtpass;
let server: TestServer;

function providerEnv(): Record<string, string> {
  return fake.env({ VTPASS_TIMEOUT_MS: "2000", VTPASS_QUERY_TIMEOUT_MS: "1000", VTPASS_RETRIES: "0" });
}

beforeAll(async () => {
  fake = await startFakeVtpass();
  await fundedAccount(1n); // the sandbox catalog, then its VTpass names
  await db.dataPlan.update({ where: { id: PLAN }, data: { upstreamService: "mtn-data", upstreamCode: "mtn-1gb-test" } });
  server = await startTestServer({
    DATABASE_URL: process.env.DATABASE_URL!,
    RECONCILE_INTERVAL_MS: "250",
    VTPASS_REVERSAL_FIRST_CHECK_MS: String(FIRST_CHECK_MS),
    VTPASS_CALLBACK_TOKEN: TOKEN,
    ...providerEnv(),
  });
}, 90_000);
afterAll(() => fake?.close());

async function buy(phone: string) {
  const account = await fundedAccount(FUNDING);
  const response = await request(server.url("/api/v1/data"), {
    method: "POST",
    headers: { ...account.auth, "content-type": "application/json" },
    body: JSON.stringify({ clientReference: reference("rv"), planId: PLAN, phone }),
  });
  expect(response.status).toBe(201);
  const id = (response.json() as { id: string; status: string }).id;
  const row = await db.transaction.findUniqueOrThrow({ where: { id } });
  expect(row.status).toBe("SUCCESSFUL");
  return { accountId: account.accountId, id, requestId: row.upstreamRequestId! };
}

function callback(requestId: string) {
  return request(server.url(`/api/upstream/vtpass/callback?token=${TOKEN}`), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(fake.callbackBody(requestId)),
  });
}

async function statusOf(id: string) {
  return (await db.transaction.findUniqueOrThrow({ where: { id } })).status;
}

/**
 * Refunded once, and it stays so: past the sweep's next checks, one REVERSAL, one audit entry, one
 * transaction.failed event; ledger:check passes; VTpass's books and ours agree.
 */
async function expectReversedExactlyOnce(bought: { accountId: string; id: string }) {
  await expect.poll(() => statusOf(bought.id), { timeout: 20_000, interval: 200 }).toBe("FAILED");
  // Long enough for the sweep to have come round again had it still been watching.
  await new Promise((resolve) => setTimeout(resolve, FIRST_CHECK_MS + 1_000));
  expect((await ledgerOf(bought.accountId)).map((entry) => entry.kind)).toEqual(["FUNDING", "PURCHASE", "REVERSAL"]);
  expect(await db.auditLogEntry.count({ where: { targetId: bought.id, action: "transaction.upstream_reversal" } })).toBe(1);
  expect(await db.webhookEvent.count({ where: { subjectId: bought.id, type: "transaction.failed" } })).toBe(1);
  const check = await adminWithEnv(providerEnv(), "ledger:check", "--account", bought.accountId);
  expect(check.json).toMatchObject({ ok: true, mismatches: [] });
  expect(fake.disagreementsWith(await db.transaction.findMany({ where: { accountId: bought.accountId } }))).toEqual([]);
}

describe("a reversal is applied exactly once", () => {
  it("when its callback arrives", async () => {
    const bought = await buy("08036660001");
    fake.orders.get(bought.requestId)!.status = "reversed";
    const answer = await callback(bought.requestId);
    expect(answer.status).toBe(200);
    expect(await statusOf(bought.id)).toBe("FAILED");
    await expectReversedExactlyOnce(bought);
  });

  it("when its callback arrives while VTpass cannot be asked, and VTpass gives up resending", async () => {
    const bought = await buy("08036660002");
    fake.orders.get(bought.requestId)!.status = "reversed";
    fake.inject("requery", { kind: "status", status: 502, times: 1 });
    expect((await callback(bought.requestId)).status).toBe(503);
    expect(await statusOf(bought.id)).toBe("SUCCESSFUL");
    // No resend: the server's sweep finds it at the purchase's first check.
    await expectReversedExactlyOnce(bought);
  });

  it("when its callback never arrives", async () => {
    const bought = await buy("08036660003");
    fake.orders.get(bought.requestId)!.status = "reversed";
    await expectReversedExactlyOnce(bought);
    // A callback that turns up after all changes nothing.
    expect((await callback(bought.requestId)).status).toBe(200);
    expect((await ledgerOf(bought.accountId)).map((entry) => entry.kind)).toEqual(["FUNDING", "PURCHASE", "REVERSAL"]);
  });

  it("and a purchase VTpass does not reverse stays charged after the sweep has asked about it", async () => {
    const bought = await buy("08036660004");
    await expect.poll(() => fake.requeries.filter((id) => id === bought.requestId).length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await statusOf(bought.id)).toBe("SUCCESSFUL");
    expect((await ledgerOf(bought.accountId)).map((entry) => entry.kind)).toEqual(["FUNDING", "PURCHASE"]);
    const check = await adminWithEnv(providerEnv(), "ledger:check", "--account", bought.accountId);
    expect(check.json).toMatchObject({ ok: true });
    expect(fake.disagreementsWith(await db.transaction.findMany({ where: { accountId: bought.accountId } }))).toEqual([]);
  });
});
