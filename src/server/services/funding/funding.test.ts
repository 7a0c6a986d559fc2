/**
 * Funding by bank transfer through the service layer, in process, against the fake Paystack
 * (src/test/fake-paystack.ts) and this file's real database: account requests and their assignment
 * events, transfers confirmed with verify and credited exactly once (under repeats and concurrency),
 * the fee policy, the unmatched queue, the reconciler, the fundings list, test mode's simulated
 * transfer and the ledger check. The webhook route over HTTP is src/server/rest/paystack-webhook.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Actor } from "~/server/auth/actor";
import type { UserActor } from "~/server/auth/session";
import { db } from "~/server/db";
import { setFundingSettingsForTests } from "~/server/providers/funding";
import { PaystackClient } from "~/server/providers/paystack/paystack-client";
import { PaystackFundingProvider } from "~/server/providers/paystack/paystack-funding-provider";
import { checkLedger } from "~/server/services/reconciliation/check-ledger";
import { createUser } from "~/server/services/users/create-user";
import { fundWallet } from "~/server/services/wallet/fund-wallet";
import { startFakePaystack, type FakePaystack } from "~/test/fake-paystack";
import { operator, rejection, uniqueName } from "~/test/fixtures";
import { balanceOf, fundedAccount } from "~/test/purchase-fixtures";
import { assignBankTransfer } from "./assign-bank-transfer";
import { handlePaystackEvent } from "./handle-paystack-event";
import { listBankTransfers } from "./list-bank-transfers";
import { listFundingAccounts } from "./list-funding-accounts";
import { listFundings } from "./list-fundings";
import { receiveBankTransfer } from "./receive-bank-transfer";
import { reconcileBankTransfers } from "./reconcile-bank-transfers";
import { requestFundingAccount } from "./request-funding-account";
import { returnBankTransfer } from "./return-bank-transfer";
import { simulateBankTransfer } from "./simulate-bank-transfer";

let fake: FakePaystack;

function useFake(feePolicy: "net" | "gross" = "net") {
  const client = new PaystackClient({ baseUrl: fake.baseUrl, secretKey: fake.secretKey, timeoutMs: 2_000, retries: 0 });
  setFundingSettingsForTests({ provider: new PaystackFundingProvider(client), feePolicy, preferredBank: "test-bank" });
}

beforeAll(async () => {
  fake = await startFakePaystack();
  fake.assignDelayMs = 0;
});
beforeEach(() => useFake());
afterAll(async () => {
  setFundingSettingsForTests(null);
  await fake.close();
});

async function ownerOf(accountId: string): Promise<UserActor> {
  const email = `${uniqueName("owner")}@funding.test`;
  const { userId } = await createUser(operator, { email, password: "a-long-enough-password-1", role: "OWNER", accountId });
  return { kind: "user", userId, email, role: "OWNER", accountId, sourceIp: "203.0.113.5" };
}

/** The events the fake made for this customer (or transaction reference), as Paystack would send them. */
async function nextEvent(name: string, about: string): Promise<unknown> {
  await expect.poll(() => fake.events.some((event) => event.event === name && event.body.includes(about))).toBe(true);
  return JSON.parse(fake.events.findLast((event) => event.event === name && event.body.includes(about))!.body);
}

/** An account with an owner and an ACTIVE Paystack funding account (the assignment event applied). */
async function accountWithFundingAccount() {
  const account = await fundedAccount(0n);
  const owner = await ownerOf(account.accountId);
  await requestFundingAccount(owner, { phone: "08031234567" });
  const row = await db.fundingAccount.findFirstOrThrow({ where: { accountId: account.accountId, livemode: true } });
  await handlePaystackEvent(await nextEvent("dedicatedaccount.assign.success", row.providerCustomerCode!));
  const active = await db.fundingAccount.findFirstOrThrow({ where: { id: row.id } });
  expect(active.status).toBe("ACTIVE");
  return { ...account, owner, accountNumber: active.accountNumber!, customerCode: active.providerCustomerCode! };
}

async function transferRow(reference: string) {
  return db.bankTransfer.findUniqueOrThrow({ where: { provider_reference: { provider: "paystack", reference } } });
}

describe("the funding account", () => {
  it("is asked for once, pending until Paystack's assignment event, then active with its number", async () => {
    const account = await fundedAccount(0n);
    const owner = await ownerOf(account.accountId);
    const before = { customers: fake.customerRequests, assigns: fake.assignRequests };

    const requested = await requestFundingAccount(owner, { phone: "+2348031234567" });
    expect(requested).toMatchObject({ provider: "paystack", status: "pending", accountNumber: null, feePolicy: "net", livemode: true });
    const customer = [...fake.customers.values()].find((candidate) => candidate.email === owner.email)!;
    expect(customer).toMatchObject({ phone: "+2348031234567", metadata: { account_id: account.accountId } });

    // Asked again while pending: answered as it stands, Paystack not asked twice.
    expect((await requestFundingAccount(owner, { phone: "08031234567" })).status).toBe("pending");
    expect(fake.customerRequests - before.customers).toBe(1);
    expect(fake.assignRequests - before.assigns).toBe(1);

    const assigned = await handlePaystackEvent(await nextEvent("dedicatedaccount.assign.success", customer.customer_code));
    expect(assigned).toMatchObject({ action: "activated" });
    const listed = await listFundingAccounts(owner, null);
    expect(listed.available).toBe(true);
    expect(listed.data).toEqual([
      expect.objectContaining({ status: "active", bankName: "Test Bank", accountNumber: expect.stringMatching(/^\d{10}$/) }),
    ]);
    // The same event again changes nothing.
    expect(await handlePaystackEvent(await nextEvent("dedicatedaccount.assign.success", customer.customer_code))).toMatchObject({
      action: "unchanged",
    });
    const audit = await db.auditLogEntry.findMany({ where: { accountId: account.accountId, action: "funding_account.request" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorLabel: owner.email });
  });

  it("says why when Paystack cannot assign one, and can be asked for again", async () => {
    const account = await fundedAccount(0n);
    const owner = await ownerOf(account.accountId);
    fake.failAssignmentFor.add(owner.email);
    await requestFundingAccount(owner, { phone: "08031234567" });
    const row = await db.fundingAccount.findFirstOrThrow({ where: { accountId: account.accountId } });
    await handlePaystackEvent(await nextEvent("dedicatedaccount.assign.failed", row.providerCustomerCode!));
    const [failed] = (await listFundingAccounts(owner, null)).data;
    expect(failed).toMatchObject({ status: "failed", failureReason: expect.stringContaining("could not assign") });

    fake.failAssignmentFor.delete(owner.email);
    expect((await requestFundingAccount(owner, { phone: "08031234567" })).status).toBe("pending");
  });

  it("fails with Paystack's words when it refuses, and is refused to staff and when Paystack is not configured", async () => {
    const account = await fundedAccount(0n);
    const owner = await ownerOf(account.accountId);
    fake.inject("customer", { kind: "status", status: 502, times: 1 });
    expect(await requestFundingAccount(owner, { phone: "08031234567" })).toMatchObject({
      status: "failed",
      failureReason: expect.stringContaining("could not be reached"),
    });

    const { userId } = await createUser(operator, {
      email: `${uniqueName("staff")}@f.test`,
      password: "long-enough-1",
      role: "STAFF",
      accountId: account.accountId,
    });
    const staff: Actor = { kind: "user", userId, email: "s@f.test", role: "STAFF", accountId: account.accountId, sourceIp: null };
    expect((await rejection(requestFundingAccount(staff, { phone: "08031234567" }))).code).toBe("forbidden");

    setFundingSettingsForTests({ provider: null });
    expect((await rejection(requestFundingAccount(owner, { phone: "08031234567" }))).code).toBe("funding.not_configured");
    expect(await listFundingAccounts(owner, null)).toEqual({ data: [expect.objectContaining({ status: "failed" })], available: false });
  });
});

describe("a transfer to a dedicated account", () => {
  it("is confirmed with verify, credited net of Paystack's fee, once, with its ledger entry and wallet.funded event", async () => {
    const account = await accountWithFundingAccount();
    const paid = await fake.transfer({ accountNumber: account.accountNumber, amount: 1_000_000, payerName: "ADAEZE OKONKWO" });
    const event = JSON.parse(fake.chargeSuccess(paid.reference).body);

    expect(await handlePaystackEvent(event)).toMatchObject({ action: "credited", reference: paid.reference });
    expect(fake.verifications.get(paid.reference)).toBe(1);
    expect(await balanceOf(account.accountId)).toBe(1_000_000n - 10_000n);
    expect(await transferRow(paid.reference)).toMatchObject({
      status: "CREDITED",
      amount: 1_000_000n,
      providerFee: 10_000n,
      fee: 10_000n,
      credited: 990_000n,
      recordedVia: "webhook",
    });

    const entries = await db.ledgerEntry.findMany({ where: { accountId: account.accountId, kind: "FUNDING" } });
    expect(entries).toEqual([
      expect.objectContaining({ amount: 990_000n, fundingReference: paid.reference, note: expect.stringContaining("ADAEZE OKONKWO") }),
    ]);
    const events = await db.webhookEvent.findMany({ where: { accountId: account.accountId, type: "wallet.funded" } });
    expect(events).toHaveLength(1);

    // The same webhook again, and ten at once: nothing more.
    expect(await handlePaystackEvent(event)).toMatchObject({ action: "already_recorded" });
    const repeats = await Promise.all(Array.from({ length: 10 }, () => receiveBankTransfer(paid.reference, "webhook")));
    expect(repeats.every((repeat) => repeat.action === "already_recorded")).toBe(true);
    expect(await balanceOf(account.accountId)).toBe(990_000n);
    expect(await db.webhookEvent.count({ where: { accountId: account.accountId, type: "wallet.funded" } })).toBe(1);
  });

  it("is credited once when simultaneous notices all pass the first look and reach the database together", async () => {
    const account = await accountWithFundingAccount();
    const paid = await fake.transfer({ accountNumber: account.accountNumber, amount: 500_000 });
    fake.verifyDelayMs = 100;
    try {
      const results = await Promise.all(Array.from({ length: 12 }, () => receiveBankTransfer(paid.reference, "webhook")));
      expect(results.filter((result) => result.action === "credited")).toHaveLength(1);
      expect(results.filter((result) => result.action === "already_recorded")).toHaveLength(11);
    } finally {
      fake.verifyDelayMs = 0;
    }
    expect(fake.verifications.get(paid.reference)).toBe(12);
    expect(await balanceOf(account.accountId)).toBe(500_000n - 5_000n);
  });

  it("is credited the whole amount under the gross fee policy, Paystack's fee still recorded", async () => {
    useFake("gross");
    const account = await accountWithFundingAccount();
    const paid = await fake.transfer({ accountNumber: account.accountNumber, amount: 50_000_000 });
    await handlePaystackEvent(JSON.parse(fake.chargeSuccess(paid.reference).body));
    expect(await balanceOf(account.accountId)).toBe(50_000_000n);
    expect(await transferRow(paid.reference)).toMatchObject({ providerFee: 30_000n, fee: 0n, credited: 50_000_000n });
    expect((await listFundingAccounts(account.owner, null)).data[0]!.feePolicy).toBe("gross");
  });

  it("changes nothing when Paystack cannot confirm it, or does not know it", async () => {
    const account = await accountWithFundingAccount();
    const paid = await fake.transfer({ accountNumber: account.accountNumber, amount: 200_000 });
    fake.inject("verify", { kind: "status", status: 503, times: 1 });
    await expect(receiveBankTransfer(paid.reference, "webhook")).rejects.toThrow();
    expect(await db.bankTransfer.count({ where: { reference: paid.reference } })).toBe(0);
    expect(await balanceOf(account.accountId)).toBe(0n);

    // A forged notice naming a reference Paystack never had: verify says so, nothing is recorded.
    const forged = JSON.parse(fake.chargeSuccess(paid.reference).body);
    forged.data.reference = "T-never-paid";
    expect(await handlePaystackEvent(forged)).toMatchObject({ action: "ignored" });
    expect(await db.bankTransfer.count({ where: { reference: "T-never-paid" } })).toBe(0);

    // Once Paystack answers, the same transfer is credited.
    expect(await receiveBankTransfer(paid.reference, "webhook")).toMatchObject({ action: "credited" });
  });

  it("is queued, not credited, when the notice and verify disagree", async () => {
    const account = await accountWithFundingAccount();
    const paid = await fake.transfer({ accountNumber: account.accountNumber, amount: 300_000 });
    const inflated = JSON.parse(fake.chargeSuccess(paid.reference).body);
    inflated.data.amount = 30_000_000;
    expect(await handlePaystackEvent(inflated)).toMatchObject({ action: "queued" });
    expect(await transferRow(paid.reference)).toMatchObject({ status: "UNMATCHED", unmatchedReason: expect.stringContaining("disagree") });
    expect(await balanceOf(account.accountId)).toBe(0n);
  });
});

describe("the unmatched queue", () => {
  it("receives a transfer no account of ours owns; an operator assigns it once, or returns it", async () => {
    const stranger = fake.createUnknownAccount();
    const lost = await fake.transfer({ accountNumber: stranger.account_number, amount: 700_000 });
    const returned = await fake.transfer({ accountNumber: stranger.account_number, amount: 400_000 });
    for (const paid of [lost, returned])
      expect(await handlePaystackEvent(JSON.parse(fake.chargeSuccess(paid.reference).body))).toMatchObject({ action: "queued" });

    const queue = await listBankTransfers(operator);
    expect(queue.transfers.map((transfer) => transfer.reference)).toEqual(expect.arrayContaining([lost.reference, returned.reference]));
    const queued = queue.transfers.find((transfer) => transfer.reference === lost.reference)!;
    expect(queued).toMatchObject({ status: "UNMATCHED", accountId: null, amount: 700_000n, providerFee: 7_000n });

    const owner = await fundedAccount(0n);
    const [first, second] = await Promise.allSettled([
      assignBankTransfer(operator, { transferId: queued.id, accountId: owner.accountId, note: "payer sent the receipt" }),
      assignBankTransfer(operator, { transferId: queued.id, accountId: owner.accountId, note: "payer sent the receipt" }),
    ]);
    expect([first.status, second.status].sort()).toEqual(["fulfilled", "rejected"]);
    expect(await balanceOf(owner.accountId)).toBe(693_000n);
    expect(await transferRow(lost.reference)).toMatchObject({
      status: "CREDITED",
      accountId: owner.accountId,
      resolutionNote: "payer sent the receipt",
    });
    expect((await rejection(assignBankTransfer(operator, { transferId: queued.id, accountId: owner.accountId, note: "again" }))).code).toBe(
      "bank_transfer.already_resolved",
    );

    const other = queue.transfers.find((transfer) => transfer.reference === returned.reference)!;
    await returnBankTransfer(operator, { transferId: other.id, note: "refunded on the Paystack dashboard" });
    expect((await rejection(assignBankTransfer(operator, { transferId: other.id, accountId: owner.accountId, note: "late" }))).code).toBe(
      "bank_transfer.already_resolved",
    );
    expect((await listBankTransfers(operator)).transfers.map((transfer) => transfer.reference)).not.toContain(returned.reference);
    expect((await rejection(returnBankTransfer(operator, { transferId: "not-an-id", note: "x" }))).code).toBe("bank_transfer.not_found");
    expect(
      await db.auditLogEntry.count({
        where: { targetId: { in: [queued.id, other.id] }, action: { in: ["bank_transfer.assign", "bank_transfer.return"] } },
      }),
    ).toBe(2);
  });

  it("receives transfers to a deactivated account, and one the account was already funded with by hand", async () => {
    const account = await accountWithFundingAccount();
    const manual = await fake.transfer({ accountNumber: account.accountNumber, amount: 100_000 });
    await fundWallet(operator, { accountId: account.accountId, amount: 100_000n, reference: manual.reference });
    expect(await handlePaystackEvent(JSON.parse(fake.chargeSuccess(manual.reference).body))).toMatchObject({ action: "queued" });
    expect((await transferRow(manual.reference)).unmatchedReason).toContain("already funded");

    await db.fundingAccount.updateMany({ where: { accountId: account.accountId }, data: { status: "DEACTIVATED" } });
    const late = await fake.transfer({ accountNumber: account.accountNumber, amount: 100_000 });
    expect(await handlePaystackEvent(JSON.parse(fake.chargeSuccess(late.reference).body))).toMatchObject({ action: "queued" });
    expect(await balanceOf(account.accountId)).toBe(100_000n);
  });
});

describe("the reconciler", () => {
  it("credits a transfer whose webhook never came, through the same path, once", async () => {
    const account = await accountWithFundingAccount();
    fake.webhooks = "drop";
    const paid = await fake.transfer({ accountNumber: account.accountNumber, amount: 250_000 });
    fake.webhooks = "send";
    const first = await reconcileBankTransfers(operator);
    expect(first).toMatchObject({ credited: 1, failed: 0 });
    expect(await transferRow(paid.reference)).toMatchObject({ status: "CREDITED", recordedVia: "reconciler" });
    const second = await reconcileBankTransfers(operator);
    expect(second.credited).toBe(0);
    expect(second.alreadyRecorded).toBeGreaterThanOrEqual(1);
    // And its webhook, arriving late after all, changes nothing.
    expect(await handlePaystackEvent(JSON.parse(fake.chargeSuccess(paid.reference).body))).toMatchObject({ action: "already_recorded" });
    expect(await balanceOf(account.accountId)).toBe(247_500n);
  });

  it("leaves what it cannot confirm for its next pass", async () => {
    const account = await accountWithFundingAccount();
    fake.webhooks = "drop";
    const paid = await fake.transfer({ accountNumber: account.accountNumber, amount: 120_000 });
    fake.webhooks = "send";
    fake.inject("verify", { kind: "hang", times: 1 });
    const slow = new PaystackClient({ baseUrl: fake.baseUrl, secretKey: fake.secretKey, timeoutMs: 300, retries: 0 });
    setFundingSettingsForTests({ provider: new PaystackFundingProvider(slow), feePolicy: "net" });
    expect((await reconcileBankTransfers(operator)).failed).toBeGreaterThanOrEqual(1);
    expect(await db.bankTransfer.count({ where: { reference: paid.reference } })).toBe(0);
    expect((await reconcileBankTransfers(operator)).credited).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(account.accountId)).toBe(118_800n);
  });

  it("activates a funding account whose assignment event was lost", async () => {
    const account = await fundedAccount(0n);
    const owner = await ownerOf(account.accountId);
    await requestFundingAccount(owner, { phone: "08031234567" });
    await expect
      .poll(() => fake.accounts.some((candidate) => fake.customers.get(owner.email)?.customer_code === candidate.customerCode))
      .toBe(true);
    await db.fundingAccount.updateMany({ where: { accountId: account.accountId }, data: { updatedAt: new Date(Date.now() - 120_000) } });
    expect((await reconcileBankTransfers(operator)).accountsAssigned).toBeGreaterThanOrEqual(1);
    expect((await listFundingAccounts(owner, null)).data[0]!.status).toBe("active");
  });
});

describe("fundings and test mode", () => {
  it("lists every credit newest first with fee, channel and payer, a page at a time", async () => {
    const account = await accountWithFundingAccount();
    await fundWallet(operator, { accountId: account.accountId, amount: 5_000n, reference: "CASH-1" });
    const paid = await fake.transfer({
      accountNumber: account.accountNumber,
      amount: 200_000,
      payerName: "EMEKA OBI",
      payerBank: "Access Bank",
    });
    await receiveBankTransfer(paid.reference, "webhook");

    const page = await listFundings(account.actor, null, { limit: 1 });
    expect(page.data).toEqual([
      expect.objectContaining({
        reference: paid.reference,
        amount: 198_000,
        fee: 2_000,
        channel: "bank_transfer",
        payerName: "EMEKA OBI",
        payerBank: "Access Bank",
        livemode: true,
      }),
    ]);
    const rest = await listFundings(account.actor, null, { limit: 5, cursor: page.nextCursor! });
    expect(rest).toEqual({
      data: [expect.objectContaining({ reference: "CASH-1", amount: 5_000, fee: 0, channel: "manual", payerName: null })],
      nextCursor: null,
    });
    expect((await listFundings(account.actor, null, { to: "2020-01-01" })).data).toEqual([]);
    expect((await rejection(listFundings(account.actor, null, { cursor: "bad" }))).code).toBe("validation.failed");
  });

  it("simulates a transfer to the test wallet only in test mode, through the same statement, with a test event", async () => {
    const account = await fundedAccount(0n, { mode: "test" });
    const live = await fundedAccount(0n);
    expect((await rejection(simulateBankTransfer(live.actor, null, { amount: 100_000 }))).code).toBe("funding.test_mode_only");

    const before = await balanceOf(account.accountId, false);
    const [simulated] = (await listFundingAccounts(account.actor, null)).data;
    expect(simulated).toMatchObject({
      provider: "simulated",
      status: "active",
      accountNumber: expect.stringMatching(/^99\d{8}$/),
      livemode: false,
    });
    const funding = await simulateBankTransfer(account.actor, null, { amount: 100_000, payerName: "TEST PAYER ONE" });
    expect(funding).toMatchObject({ amount: 99_000, fee: 1_000, channel: "bank_transfer", payerName: "TEST PAYER ONE", livemode: false });
    expect(await balanceOf(account.accountId, false)).toBe(before + 99_000n);
    expect(await balanceOf(account.accountId)).toBe(0n);
    const event = await db.webhookEvent.findFirst({
      where: { accountId: account.accountId, type: "wallet.funded", livemode: false, subjectId: funding.id },
    });
    expect(event).not.toBeNull();
    // One simulated account, however often it is looked at.
    await Promise.all([listFundingAccounts(account.actor, null), listFundingAccounts(account.actor, null)]);
    expect(await db.fundingAccount.count({ where: { accountId: account.accountId, livemode: false } })).toBe(1);
    expect((await rejection(simulateBankTransfer(account.actor, null, { amount: 50 }))).code).toBe("validation.failed");
  });

  it("keeps the ledger check clean, and catches a credited transfer without its entry", async () => {
    const check = await checkLedger(operator);
    expect(check.mismatches).toEqual([]);
    const account = await accountWithFundingAccount();
    const paid = await fake.transfer({ accountNumber: account.accountNumber, amount: 100_000 });
    await receiveBankTransfer(paid.reference, "webhook");
    await db.bankTransfer.updateMany({ where: { reference: paid.reference }, data: { credited: 99_001n, fee: 999n } });
    const broken = await checkLedger(operator, { accountId: account.accountId });
    expect(broken.mismatches).toEqual([
      expect.objectContaining({ bankTransferId: expect.any(String), problem: expect.stringContaining("credited 99001") }),
    ]);
  });
});
