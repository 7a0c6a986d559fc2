/**
 * The reversal sweep in process, against the fake VTpass: a delivered purchase that VTpass later
 * reverses is refunded exactly once whether its callback arrives, arrives while VTpass cannot be asked,
 * or never arrives; the schedule (doubling ages, the window's end, giving up), the batch bound, and what
 * is never watched. After each scenario the ledger check passes and VTpass's books agree with ours: what
 * it delivered (and not reversed) is exactly what we settled successful.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { setVendProviderForTests } from "~/server/providers";
import { VtpassProvider } from "~/server/providers/vtpass/vtpass-provider";
import { purchaseData } from "~/server/services/purchases/purchase-data";
import { handleVtpassCallback } from "~/server/services/upstream/vtpass-callback";
import { operator } from "~/test/fixtures";
import { startFakeVtpass, type FakeVtpass } from "~/test/fake-vtpass";
import { ensureSandboxCatalog, fundedAccount, ledgerOf, reference } from "~/test/purchase-fixtures";
import { checkLedger } from "./check-ledger";
import { sweepReversals } from "./sweep-reversals";

const HOUR = 3_600_000;
const WATCH = { firstCheckMs: HOUR, windowMs: 72 * HOUR };
let fake: FakeVtpass;

beforeAll(async () => {
  await ensureSandboxCatalog();
  fake = await startFakeVtpass();
  await db.dataPlan.update({ where: { id: "mtn-1gb-30d" }, data: { upstreamService: "mtn-data", upstreamCode: "mtn-1gb-test" } });
  setVendProviderForTests(
    new VtpassProvider({
      baseUrl: fake.baseUrl,
      ...fake.keys,
      vendTimeoutMs: 1_000,
      queryTimeoutMs: 300,
      retries: 0,
      retryDelayMs: 10,
      notFoundAfterMs: 60_000,
      defaultPhone: "08011111111",
      reversalWatch: WATCH,
    }),
  );
});
afterAll(async () => {
  setVendProviderForTests(null);
  await fake.close();
});

async function delivered(phone = "08031234567") {
  const account = await fundedAccount(1_000_000n);
  const { transaction } = await purchaseData(account.actor, { clientReference: reference("rev"), planId: "mtn-1gb-30d", phone });
  expect(transaction.status).toBe("successful");
  const row = await db.transaction.findUniqueOrThrow({ where: { id: transaction.id } });
  return { ...account, id: transaction.id, requestId: row.upstreamRequestId! };
}

/** The purchase is due its check now (as if the hours had passed), its delivery `ageHours` ago. */
async function makeDue(id: string, ageHours = 1) {
  await db.$executeRaw`UPDATE transactions SET completed_at = now() - make_interval(hours => ${ageHours}) WHERE id = ${id}::uuid`;
  await db.$executeRaw`UPDATE reversal_checks SET check_at = now() WHERE transaction_id = ${id}::uuid`;
}

async function expectBooksAgree(accountId: string) {
  const check = await checkLedger(operator, { accountId });
  expect(check.mismatches).toEqual([]);
  expect(check.ok).toBe(true);
  expect(fake.disagreementsWith(await db.transaction.findMany({ where: { accountId } }))).toEqual([]);
}

/** Exactly one refund, and the trail of one: one REVERSAL, one audit entry, one transaction.failed event. */
async function expectReversedOnce(accountId: string, id: string) {
  const row = await db.transaction.findUniqueOrThrow({ where: { id } });
  expect(row.status).toBe("FAILED");
  expect((await ledgerOf(accountId)).map((entry) => entry.kind)).toEqual(["FUNDING", "PURCHASE", "REVERSAL"]);
  expect(await db.auditLogEntry.count({ where: { targetId: id, action: "transaction.upstream_reversal" } })).toBe(1);
  expect(await db.webhookEvent.count({ where: { subjectId: id, type: "transaction.failed" } })).toBe(1);
  await expectBooksAgree(accountId);
}

/** When the sweep next asks about the purchase (its reversal_checks row); null when it is not watched. */
async function reversalCheckAt(id: string) {
  return (await db.reversalCheck.findUnique({ where: { transactionId: id } }))?.checkAt ?? null;
}

describe("a delivered purchase VTpass reverses is refunded exactly once", () => {
  it("when the callback never arrives: the sweep finds it at its next check", async () => {
    const bought = await delivered();
    // Watched from delivery: first asked an hour later.
    const first = await reversalCheckAt(bought.id);
    expect(first!.getTime() - Date.now()).toBeGreaterThan(HOUR - 60_000);
    fake.orders.get(bought.requestId)!.status = "reversed";
    expect(await sweepReversals(operator)).toMatchObject({ checked: 0 });
    await makeDue(bought.id);
    expect(await sweepReversals(operator)).toEqual({ checked: 1, reversed: 1, requeryErrors: 0 });
    expect(await sweepReversals(operator, { includeNotDue: true })).toEqual({ checked: 0, reversed: 0, requeryErrors: 0 });
    expect(await reversalCheckAt(bought.id)).toBeNull();
    await expectReversedOnce(bought.accountId, bought.id);
  });

  it("when the callback arrives: the sweep later finds it failed and asks nothing", async () => {
    const bought = await delivered();
    fake.orders.get(bought.requestId)!.status = "reversed";
    expect(await handleVtpassCallback(fake.callbackBody(bought.requestId), "127.0.0.1")).toMatchObject({ action: "reversed" });
    await makeDue(bought.id);
    const requeries = fake.requeries.length;
    expect(await sweepReversals(operator)).toMatchObject({ checked: 0, reversed: 0 });
    expect(fake.requeries.length).toBe(requeries);
    expect(await reversalCheckAt(bought.id)).toBeNull();
    await expectReversedOnce(bought.accountId, bought.id);
  });

  it("when the callback arrives while VTpass cannot be asked: refused, then the sweep finds it; a late resend changes nothing", async () => {
    const bought = await delivered();
    fake.orders.get(bought.requestId)!.status = "reversed";
    fake.inject("requery", { kind: "status", status: 502, times: 1 });
    await expect(handleVtpassCallback(fake.callbackBody(bought.requestId), "127.0.0.1")).rejects.toThrow();
    expect((await db.transaction.findUniqueOrThrow({ where: { id: bought.id } })).status).toBe("SUCCESSFUL");
    // The sweep's own first try meets VTpass down too: nothing changes, it is asked again later.
    await makeDue(bought.id);
    fake.inject("requery", { kind: "hang", times: 1 });
    expect(await sweepReversals(operator)).toEqual({ checked: 1, reversed: 0, requeryErrors: 1 });
    expect((await db.transaction.findUniqueOrThrow({ where: { id: bought.id } })).status).toBe("SUCCESSFUL");
    expect((await reversalCheckAt(bought.id))!.getTime()).toBeGreaterThan(Date.now() + HOUR - 60_000);
    await makeDue(bought.id);
    expect(await sweepReversals(operator)).toEqual({ checked: 1, reversed: 1, requeryErrors: 0 });
    expect(await handleVtpassCallback(fake.callbackBody(bought.requestId), "127.0.0.1")).toMatchObject({ action: "unchanged" });
    await expectReversedOnce(bought.accountId, bought.id);
  });
});

describe("the sweep's schedule and rate", () => {
  it("asks again at double the age, once at the window's end, then stops; a purchase still delivered stays successful", async () => {
    const bought = await delivered();
    await makeDue(bought.id, 1);
    expect(await sweepReversals(operator)).toMatchObject({ checked: 1, reversed: 0 });
    // Delivered an hour ago: next at two hours of age, an hour from now.
    const next = (await reversalCheckAt(bought.id))!.getTime() - Date.now();
    expect(next).toBeGreaterThan(HOUR - 60_000);
    expect(next).toBeLessThan(HOUR + 60_000);
    // 50 hours old: the next check would pass the window, so it falls at the window's end (22 h on).
    await makeDue(bought.id, 50);
    await sweepReversals(operator);
    const last = (await reversalCheckAt(bought.id))!.getTime() - Date.now();
    expect(last).toBeGreaterThan(22 * HOUR - 60_000);
    expect(last).toBeLessThan(22 * HOUR + 60_000);
    // At the window's end: the last question, then no more.
    await makeDue(bought.id, 72);
    expect(await sweepReversals(operator)).toMatchObject({ checked: 1, reversed: 0 });
    expect(await reversalCheckAt(bought.id)).toBeNull();
    expect((await db.transaction.findUniqueOrThrow({ where: { id: bought.id } })).status).toBe("SUCCESSFUL");
    await expectBooksAgree(bought.accountId);
  });

  it("gives up on a purchase VTpass could not be asked about for twice the window", async () => {
    const bought = await delivered();
    await makeDue(bought.id, 145);
    const requeries = fake.requeries.length;
    expect(await sweepReversals(operator)).toMatchObject({ checked: 0 });
    expect(await reversalCheckAt(bought.id)).toBeNull();
    expect(fake.requeries.length).toBe(requeries);
  });

  it("asks about at most a batch per pass, the longest due first", async () => {
    const due = [];
    for (let index = 0; index < 5; index += 1) due.push(await delivered(`0803555${String(index).padStart(4, "0")}`));
    for (const [index, bought] of due.entries()) {
      await db.$executeRaw`UPDATE reversal_checks SET check_at = now() - make_interval(mins => ${10 - index}) WHERE transaction_id = ${bought.id}::uuid`;
    }
    expect(await sweepReversals(operator, { batch: 2 })).toMatchObject({ checked: 2 });
    const asked = await Promise.all(due.map(async (bought) => (await reversalCheckAt(bought.id))!.getTime() > Date.now()));
    expect(asked).toEqual([true, true, false, false, false]);
    expect(await sweepReversals(operator, { batch: 2 })).toMatchObject({ checked: 2 });
    expect(await sweepReversals(operator, { batch: 2 })).toMatchObject({ checked: 1 });
    expect(await sweepReversals(operator, { batch: 2 })).toMatchObject({ checked: 0 });
  });

  it("never watches a test-mode purchase, nor a failed one", async () => {
    const test = await fundedAccount(1_000_000n, { mode: "test" });
    const played = await purchaseData(test.actor, { clientReference: reference("play"), planId: "mtn-1gb-30d", phone: "08031234567" });
    expect(played.transaction.status).toBe("successful");
    expect(await reversalCheckAt(played.transaction.id)).toBeNull();
    fake.outcomeFor("08035559999", { code: "016" });
    const account = await fundedAccount(1_000_000n);
    const failed = await purchaseData(account.actor, { clientReference: reference("no"), planId: "mtn-1gb-30d", phone: "08035559999" });
    expect(failed.transaction.status).toBe("failed");
    expect(await reversalCheckAt(failed.transaction.id)).toBeNull();
  });
});
