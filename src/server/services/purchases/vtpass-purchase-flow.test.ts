/**
 * The purchase flow in process with VEND_PROVIDER=vtpass's adapter pointed at the fake VTpass: every
 * kind bought end to end, a pending purchase settled by the reconciler, 018 answered 503 with the debit
 * refunded, an unmapped product refused with nothing charged, and the ledger check clean.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/server/db";
import { isAppError } from "~/server/errors";
import { logger } from "~/server/log";
import { setVendProviderForTests } from "~/server/providers";
import { VtpassProvider } from "~/server/providers/vtpass/vtpass-provider";
import { checkLedger } from "~/server/services/reconciliation/check-ledger";
import { reconcilePendingTransactions } from "~/server/services/reconciliation/reconcile-pending";
import { operator } from "~/test/fixtures";
import { startFakeVtpass, type FakeVtpass } from "~/test/fake-vtpass";
import { balanceOf, ensureSandboxCatalog, fundedAccount, ledgerOf, reference } from "~/test/purchase-fixtures";
import { payBill } from "./pay-bill";
import { purchaseAirtime } from "./purchase-airtime";
import { purchaseData } from "./purchase-data";
import { verifyCustomer } from "./verify-customer";

let fake: FakeVtpass;
let vtpass: VtpassProvider;

beforeAll(async () => {
  await ensureSandboxCatalog();
  fake = await startFakeVtpass();
  await db.network.update({ where: { id: "mtn" }, data: { airtimeUpstreamService: "mtn" } });
  await db.dataPlan.update({ where: { id: "mtn-1gb-30d" }, data: { upstreamService: "mtn-data", upstreamCode: "mtn-1gb-test" } });
  await db.billProduct.update({ where: { id: "dstv-padi" }, data: { upstreamService: "dstv", upstreamCode: "dstv-padi" } });
  await db.billProduct.update({
    where: { id: "ikeja-electric-prepaid" },
    data: { upstreamService: "ikeja-electric", upstreamCode: "prepaid" },
  });
  await db.billProduct.update({ where: { id: "waec-result-checker" }, data: { upstreamService: "waec", upstreamCode: "waecdirect" } });
  vtpass = new VtpassProvider({
    baseUrl: fake.baseUrl,
    ...fake.keys,
    vendTimeoutMs: 1_000,
    queryTimeoutMs: 500,
    retries: 0,
    retryDelayMs: 10,
    notFoundAfterMs: 60_000,
    defaultPhone: "08011111111",
  });
  setVendProviderForTests(vtpass);
});
afterAll(async () => {
  setVendProviderForTests(null);
  await fake.close();
});

describe("VEND_PROVIDER=vtpass end to end", () => {
  it("buys data, airtime, cable TV, electricity (token) and a WAEC PIN, each sent under the transaction's own request id", async () => {
    const { accountId, actor } = await fundedAccount(10_000_000n);
    const data = await purchaseData(actor, { clientReference: reference(), planId: "mtn-1gb-30d", phone: "08031234567" });
    const airtime = await purchaseAirtime(actor, { clientReference: reference(), networkId: "mtn", phone: "08031234567", amount: 50_000 });
    const cable = await payBill(actor, "cable-tv", { clientReference: reference(), planId: "dstv-padi", customerId: "1212121212" });
    const power = await payBill(actor, "electricity", {
      clientReference: reference(),
      planId: "ikeja-electric-prepaid",
      customerId: "1111111111111",
      amount: 250_000,
    });
    const pin = await payBill(actor, "education", {
      clientReference: reference(),
      planId: "waec-result-checker",
      customerId: "candidate-7",
      phone: "08051234567",
    });
    for (const result of [data, airtime, cable, power, pin]) expect(result.transaction.status).toBe("successful");
    const stored = await db.transaction.findMany({ where: { accountId }, select: { id: true, upstreamRequestId: true } });
    for (const row of stored) {
      expect(row.upstreamRequestId).toMatch(/^\d{12}[0-9a-f]{32}$/);
      expect(fake.orders.has(row.upstreamRequestId!)).toBe(true);
    }
    const deliveredFor = (id: string) => fake.orders.get(stored.find((row) => row.id === id)!.upstreamRequestId!)!.delivered;
    const token = deliveredFor(power.transaction.id).token!;
    expect(power.transaction).toMatchObject({ token, units: deliveredFor(power.transaction.id).units, pins: null, bonusToken: null });
    const [card] = deliveredFor(pin.transaction.id).cards!;
    expect(pin.transaction).toMatchObject({ token: card!.Pin, pins: [{ serial: card!.Serial, pin: card!.Pin }] });
  });

  it("a pending purchase is settled by the reconciler's requery with the same request id", async () => {
    const { actor } = await fundedAccount(1_000_000n);
    fake.outcomeFor("08039990001", { pending: 0, then: "delivered" });
    const result = await purchaseData(actor, { clientReference: reference(), planId: "mtn-1gb-30d", phone: "08039990001" });
    expect(result.transaction.status).toBe("pending");
    await reconcilePendingTransactions(operator, { includeNotDue: true });
    const after = await db.transaction.findUniqueOrThrow({ where: { id: result.transaction.id } });
    expect(after.status).toBe("SUCCESSFUL");
    expect(fake.payRequests.filter((request) => request.requestId === after.upstreamRequestId)).toHaveLength(1);
  });

  it("018 (VTpass's wallet low) answers 503 provider.unavailable and leaves nothing charged", async () => {
    const { accountId, actor } = await fundedAccount(1_000_000n);
    fake.outcomeFor("08039990002", { code: "018" });
    const error = await purchaseData(actor, { clientReference: reference(), planId: "mtn-1gb-30d", phone: "08039990002" }).catch(
      (caught: unknown) => caught,
    );
    expect(isAppError(error) && error.code === "provider.unavailable").toBe(true);
    expect(await balanceOf(accountId)).toBe(1_000_000n);
  });

  it("087 (VTpass refused our keys) and 085 fail at once: refunded, answered 503, the operator alerted in the audit log", async () => {
    const { accountId, actor } = await fundedAccount(1_000_000n);
    const alerts = () => db.auditLogEntry.findMany({ where: { action: "upstream.alert", accountId } });
    const wrongKeys = new VtpassProvider({
      baseUrl: fake.baseUrl,
      ...fake.keys,
      secretKey: "SK_revoked",
      vendTimeoutMs: 1_000,
      queryTimeoutMs: 500,
      retries: 0,
      retryDelayMs: 10,
      notFoundAfterMs: 60_000,
      defaultPhone: "08011111111",
    });
    const errors = vi.spyOn(logger, "error");
    let logged: unknown[][] = [];
    setVendProviderForTests(wrongKeys);
    try {
      for (const phone of ["08039990003", "08039990004"]) {
        const refused = await purchaseData(actor, { clientReference: reference(), planId: "mtn-1gb-30d", phone }).catch(
          (caught: unknown) => caught,
        );
        expect(isAppError(refused) && refused.code).toBe("provider.unavailable");
      }
    } finally {
      setVendProviderForTests(vtpass);
      logged = [...errors.mock.calls];
      errors.mockRestore();
    }
    expect(logged.filter(([, message]) => /upstream alert: VTpass refused our credentials \(087\)/.test(String(message)))).toHaveLength(2);
    fake.outcomeFor("08039990005", { code: "085" });
    const improper = await purchaseData(actor, { clientReference: reference(), planId: "mtn-1gb-30d", phone: "08039990005" }).catch(
      (caught: unknown) => caught,
    );
    expect(isAppError(improper) && improper.code).toBe("provider.unavailable");

    const transactions = await db.transaction.findMany({ where: { accountId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    expect(transactions.map((row) => row.status)).toEqual(["FAILED", "FAILED", "FAILED"]);
    expect(await balanceOf(accountId)).toBe(1_000_000n);
    expect((await ledgerOf(accountId)).map((entry) => entry.kind)).toEqual(["FUNDING", ...Array(3).fill(["PURCHASE", "REVERSAL"]).flat()]);
    // One alert per code while it lasts, naming the purchase that met it; each purchase says why it failed.
    const entries = await alerts();
    expect(entries.map((entry) => (entry.details as { code: string }).code).sort()).toEqual(["085", "087"]);
    expect(entries.every((entry) => entry.actorType === "SYSTEM" && transactions.some((row) => row.id === entry.targetId))).toBe(true);
    expect(transactions.map((row) => row.failureReason)).toEqual([
      "The provider refused our credentials.",
      "The provider refused our credentials.",
      "The provider refused the order's request id; it was not executed.",
    ]);
    expect(fake.disagreementsWith(transactions)).toEqual([]);
    expect((await checkLedger(operator, { accountId })).ok).toBe(true);
  });

  it("two candidates' WAEC PINs bought back to back are both delivered; one without a phone is refused before any money moves", async () => {
    const { accountId, actor } = await fundedAccount(1_000_000n);
    const order = (candidate: string, phone?: string) =>
      payBill(actor, "education", { clientReference: reference(), planId: "waec-result-checker", customerId: candidate, phone });
    // VTpass's 019 rule: one serviceID for one phone within 30 s is refused as a duplicate.
    fake.duplicateWindowMs = 30_000;
    try {
      const sent = fake.payRequests.length;
      for (const candidate of ["candidate-11", "candidate-12"]) {
        const refused = await order(candidate).catch((caught: unknown) => caught);
        expect(isAppError(refused) && refused.fieldErrors?.[0]?.name).toBe("phone");
      }
      expect(fake.payRequests.length).toBe(sent);
      expect(await db.transaction.count({ where: { accountId } })).toBe(0);
      expect(await balanceOf(accountId)).toBe(1_000_000n);

      const first = await order("candidate-11", "08051110001");
      const second = await order("candidate-12", "08051110002");
      expect([first.transaction.status, second.transaction.status]).toEqual(["successful", "successful"]);
      expect(fake.payRequests.slice(-2).map((request) => request.body.phone)).toEqual(["08051110001", "08051110002"]);
      expect(fake.disagreementsWith(await db.transaction.findMany({ where: { accountId } }))).toEqual([]);
    } finally {
      fake.duplicateWindowMs = 0;
    }
  });

  it("renews a DStv subscription at VTpass's renewal amount, charging the product that matches it; refuses what does not match", async () => {
    const { accountId, actor } = await fundedAccount(5_000_000n);
    await db.billProduct.update({ where: { id: "dstv-yanga" }, data: { upstreamService: "dstv", upstreamCode: "dstv-yanga" } });
    const padi = await db.billProduct.findUniqueOrThrow({ where: { id: "dstv-padi" } });
    // The customer's current bouquet renews at what VTpass charges for DStv Padi (its costPrice).
    fake.subscriptions.set("7012340001", { bouquet: "DStv Padi", renewalAmount: (Number(padi.costPrice) / 100).toFixed(2) });
    const verified = await verifyCustomer(actor, "cable-tv", { planId: "dstv-yanga", customerId: "7012340001" });
    expect(verified.renewal).toEqual({ planId: "dstv-padi", currentBouquet: "DStv Padi" });

    const order = { clientReference: reference(), planId: "dstv-padi", customerId: "7012340001", subscriptionType: "renew" as const };
    const renewed = await payBill(actor, "cable-tv", order);
    expect(renewed.transaction).toMatchObject({ status: "successful", planId: "dstv-padi", amount: padi.price });
    const sent = fake.payRequests.at(-1)!.body;
    expect(sent).toMatchObject({
      serviceID: "dstv",
      billersCode: "7012340001",
      subscription_type: "renew",
      amount: Number(padi.costPrice) / 100,
    });
    expect(sent).not.toHaveProperty("variation_code");
    // The reference is a renewal: the same order replays, a change under it is another order.
    expect(await payBill(actor, "cable-tv", order)).toMatchObject({ replay: true });
    const conflict = await payBill(actor, "cable-tv", { ...order, subscriptionType: "change" }).catch((caught: unknown) => caught);
    expect(isAppError(conflict) && conflict.code).toBe("transaction.idempotency_conflict");

    const sentBefore = fake.payRequests.length;
    const wrongPlan = await payBill(actor, "cable-tv", { ...order, clientReference: reference(), planId: "dstv-yanga" }).catch(
      (caught: unknown) => caught,
    );
    expect(isAppError(wrongPlan) && wrongPlan.fieldErrors?.[0]).toMatchObject({
      name: "planId",
      reason: expect.stringContaining("dstv-padi"),
    });
    // A renewal amount that matches none of our products (add-ons, say): nothing to renew here.
    fake.subscriptions.set("7012340002", { bouquet: "DStv Padi + ExtraView", renewalAmount: "9999.00" });
    const unmatched = await payBill(actor, "cable-tv", { ...order, clientReference: reference(), customerId: "7012340002" }).catch(
      (caught: unknown) => caught,
    );
    expect(isAppError(unmatched) && unmatched.code).toBe("customer.invalid");
    const electricity = await payBill(actor, "electricity", {
      clientReference: reference(),
      planId: "ikeja-electric-prepaid",
      customerId: "1111111111111",
      amount: 100_000,
      subscriptionType: "renew",
    }).catch((caught: unknown) => caught);
    expect(isAppError(electricity) && electricity.fieldErrors?.[0]?.name).toBe("subscriptionType");
    expect(fake.payRequests.length).toBe(sentBefore);

    expect(await balanceOf(accountId)).toBe(5_000_000n - padi.price!);
    expect(fake.disagreementsWith(await db.transaction.findMany({ where: { accountId } }))).toEqual([]);
    expect((await checkLedger(operator, { accountId })).ok).toBe(true);
  });

  it("an unmapped plan or an amount that is not whole naira is refused before any money moves", async () => {
    const { accountId, actor } = await fundedAccount(1_000_000n);
    const before = fake.payRequests.length;
    const unmapped = await purchaseData(actor, { clientReference: reference(), planId: "mtn-500mb-30d", phone: "08031234567" }).catch(
      (caught: unknown) => caught,
    );
    expect(isAppError(unmapped) && unmapped.code === "provider.unavailable").toBe(true);
    const kobo = await purchaseAirtime(actor, {
      clientReference: reference(),
      networkId: "mtn",
      phone: "08031234567",
      amount: 10_050,
    }).catch((caught: unknown) => caught);
    expect(isAppError(kobo) && kobo.code === "amount.out_of_range").toBe(true);
    expect(fake.payRequests.length).toBe(before);
    expect(await balanceOf(accountId)).toBe(1_000_000n);
    expect(await db.transaction.count({ where: { accountId } })).toBe(0);
  });

  it("a retry of a purchase whose plan has since lost its upstream name is still a replay (or a 409), not a refusal", async () => {
    const { actor } = await fundedAccount(1_000_000n);
    // As a portal purchase arrives: without the reference looked up beforehand by an API key's statement.
    const order = { clientReference: reference(), planId: "mtn-1gb-30d", phone: "08031234567" };
    const first = await purchaseData(actor, order);
    expect(first.transaction.status).toBe("successful");
    await db.dataPlan.update({ where: { id: "mtn-1gb-30d" }, data: { upstreamCode: null } });
    try {
      expect(await purchaseData(actor, order)).toMatchObject({ replay: true, transaction: { id: first.transaction.id } });
      const conflict = await purchaseData(actor, { ...order, phone: "08031239876" }).catch((caught: unknown) => caught);
      expect(isAppError(conflict) && conflict.code).toBe("transaction.idempotency_conflict");
      // A new order of it is refused as before, with nothing charged.
      const refused = await purchaseData(actor, { ...order, clientReference: reference() }).catch((caught: unknown) => caught);
      expect(isAppError(refused) && refused.code).toBe("provider.unavailable");
    } finally {
      await db.dataPlan.update({ where: { id: "mtn-1gb-30d" }, data: { upstreamCode: "mtn-1gb-test" } });
    }
  });

  it("the ledger check passes", async () => {
    expect((await checkLedger(operator)).ok).toBe(true);
  });
});
