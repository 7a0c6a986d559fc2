/**
 * Test mode never touches live money (docs/integrating.md "Test mode", issue 21), as a property over generated
 * runs against real PostgreSQL: two accounts are funded alike and make the same live purchases in
 * the same order; one of them also makes test-mode purchases between and beside them (at the same
 * time, with the live order's very clientReference, or fresh ones; successes, failures, pendings, and
 * 402s after its test wallet is reset). After a final reconciliation the two accounts' live ledgers,
 * live transactions and invoices must be the same, and every ledger (the test wallets' too) must check.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { isAppError } from "~/server/errors";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { getInvoiceSummary } from "~/server/services/invoices/invoice-summary";
import { checkLedger } from "~/server/services/reconciliation/check-ledger";
import { reconcilePendingTransactions } from "~/server/services/reconciliation/reconcile-pending";
import { resetTestWallet } from "~/server/services/wallet/test-wallet";
import { operator, uniqueName } from "~/test/fixtures";
import { fundedAccount } from "~/test/purchase-fixtures";
import { payBill } from "~/server/services/purchases/pay-bill";
import { purchaseAirtime } from "~/server/services/purchases/purchase-airtime";
import { purchaseData } from "~/server/services/purchases/purchase-data";

/** The sandbox's recipients: success, failure (0000), pending then success (1111), time-out then failure (2222). */
const PHONES = ["08031234567", "08031230000", "08031231111", "08031232222"] as const;
const METERS = ["45012345678", "4501230000", "4501231111"] as const;

type Order =
  | { kind: "data"; planId: string; phone: string }
  | { kind: "airtime"; networkId: string; phone: string; amount: number }
  | { kind: "electricity"; meter: string; amount: number };

const orderArb: fc.Arbitrary<Order> = fc.oneof(
  fc.record({
    kind: fc.constant("data" as const),
    planId: fc.constantFrom("mtn-1gb-30d", "glo-1gb-30d"),
    phone: fc.constantFrom(...PHONES),
  }),
  fc.record({
    kind: fc.constant("airtime" as const),
    networkId: fc.constantFrom("mtn", "airtel"),
    phone: fc.constantFrom(...PHONES),
    amount: fc.integer({ min: 5_000, max: 300_000 }),
  }),
  fc.record({
    kind: fc.constant("electricity" as const),
    meter: fc.constantFrom(...METERS),
    amount: fc.integer({ min: 100_000, max: 400_000 }),
  }),
);

const stepArb = fc.record({
  /** The live purchase both accounts make (none: a step of test activity only). */
  live: fc.option(orderArb, { nil: undefined }),
  /** Test purchases of the mixed account; `sameReference` uses the live order's clientReference. */
  test: fc.array(fc.record({ order: orderArb, sameReference: fc.boolean() }), { maxLength: 3 }),
  /** Run the mixed account's live and test purchases at the same time, or one after the other. */
  concurrent: fc.boolean(),
  /** Set the test wallet to this many kobo first (0 makes its purchases 402s). */
  resetTestWallet: fc.option(fc.constantFrom(0, 50_000, 1_000_000), { nil: undefined }),
});

const scenarioArb = fc.record({
  funding: fc.constantFrom(0, 300_000, 2_000_000),
  steps: fc.array(stepArb, { minLength: 1, maxLength: 8 }),
});

function send(actor: Actor, clientReference: string, order: Order) {
  switch (order.kind) {
    case "data":
      return purchaseData(actor, { clientReference, planId: order.planId, phone: order.phone });
    case "airtime":
      return purchaseAirtime(actor, { clientReference, networkId: order.networkId, phone: order.phone, amount: order.amount });
    case "electricity":
      return payBill(actor, "electricity", {
        clientReference,
        planId: "ikeja-electric-prepaid",
        customerId: order.meter,
        amount: order.amount,
      });
  }
}

/** Runs a purchase; a refusal the contract allows (402, 409) is an outcome, anything else fails the test. */
async function attempt(actor: Actor, clientReference: string, order: Order): Promise<string> {
  try {
    return (await send(actor, clientReference, order)).transaction.status;
  } catch (error) {
    if (isAppError(error) && error.status < 500) return error.code;
    throw error;
  }
}

const tally = { runs: 0, livePurchases: 0, testPurchases: 0, testRefused: 0, sharedReferences: 0 };

async function liveRecord(accountId: string, period: string) {
  const [ledger, transactions, invoice] = await Promise.all([
    db.ledgerEntry.findMany({
      where: { accountId, livemode: true },
      orderBy: { id: "asc" },
      select: { kind: true, amount: true, balanceAfter: true, transaction: { select: { clientReference: true } } },
    }),
    db.transaction.findMany({
      where: { accountId, livemode: true },
      orderBy: { clientReference: "asc" },
      select: { clientReference: true, service: true, status: true, amount: true, recipient: true },
    }),
    getInvoiceSummary(operator, { accountId, period }),
  ]);
  const { account: _account, invoiceNumber: _number, sourceAddresses, otherAddresses: _others, credits, ...figures } = invoice;
  return {
    ledger,
    transactions,
    invoice: { ...figures, credits: credits.map(({ at: _at, ...credit }) => credit), sourceAddresses: sourceAddresses.length },
  };
}

describe("test mode beside live purchases", () => {
  it("leaves the live ledger, transactions and invoice exactly as they would be without any test activity", async () => {
    const period = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos", year: "numeric", month: "2-digit" }).format(new Date());
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const control = await fundedAccount(BigInt(scenario.funding));
        const mixed = await fundedAccount(BigInt(scenario.funding));
        const testKey = await createApiKey(operator, { accountId: mixed.accountId, name: uniqueName("test"), mode: "test" });
        const testActor: Actor = {
          kind: "api-key",
          apiKeyId: testKey.keyId,
          accountId: mixed.accountId,
          sourceIp: "127.0.0.9",
          livemode: false,
        };
        tally.runs += 1;

        for (const [index, step] of scenario.steps.entries()) {
          const liveReference = `order-${index}`;
          if (step.resetTestWallet !== undefined)
            await resetTestWallet(operator, { accountId: mixed.accountId, balance: step.resetTestWallet });
          const controlOutcome = step.live ? await attempt(control.actor, liveReference, step.live) : undefined;

          const liveWork = step.live ? () => attempt(mixed.actor, liveReference, step.live!) : undefined;
          const testWork = step.test.map(({ order, sameReference }, t) => () => {
            const clientReference = sameReference ? liveReference : `test-${index}-${t}`;
            if (sameReference) tally.sharedReferences += 1;
            return attempt(testActor, clientReference, order);
          });
          let mixedOutcome: string | undefined;
          let testOutcomes: string[];
          if (step.concurrent) {
            const [live, ...tests] = await Promise.all([liveWork?.(), ...testWork.map((work) => work())]);
            mixedOutcome = live;
            testOutcomes = tests as string[];
          } else {
            testOutcomes = [];
            for (const work of testWork) testOutcomes.push(await work());
            mixedOutcome = await liveWork?.();
          }
          // The live purchase answers the same on both accounts, whatever the test purchases did.
          expect(mixedOutcome).toBe(controlOutcome);
          if (step.live) tally.livePurchases += 1;
          tally.testPurchases += testOutcomes.length;
          tally.testRefused += testOutcomes.filter((outcome) => outcome === "wallet.insufficient_funds").length;
        }

        await reconcilePendingTransactions(operator, { includeNotDue: true });
        const [controlRecord, mixedRecord] = await Promise.all([
          liveRecord(control.accountId, period),
          liveRecord(mixed.accountId, period),
        ]);
        expect(mixedRecord).toEqual(controlRecord);
        for (const accountId of [control.accountId, mixed.accountId]) {
          expect((await checkLedger(operator, { accountId })).mismatches).toEqual([]);
        }
      }),
      { numRuns: 40, interruptAfterTimeLimit: 150_000, markInterruptAsFailure: true },
    );
    console.info("test-mode property:", JSON.stringify(tally));
    // The generator must really have mixed the worlds: test purchases, shared references and 402s.
    expect(tally.testPurchases).toBeGreaterThan(10);
    expect(tally.sharedReferences).toBeGreaterThan(0);
    expect(tally.testRefused).toBeGreaterThan(0);
  }, 200_000);
});
