/**
 * Property-based test of the purchase engine (DESIGN.md §3.3) in process against real PostgreSQL:
 * fast-check generates sequences of steps — funding, data, airtime and bill purchases (fixed-price
 * and electricity), replays of earlier references, reuses of a reference for another order, the
 * same reference on another account, bursts of identical requests, purchases the balance cannot
 * cover, sandbox recipients that fail, go pending or time out, and reconciler runs — over a few fresh
 * accounts, some steps sequential and some concurrent (Promise.all). After every step and after a
 * final reconciliation the money invariants must hold; sequential steps are also checked op by op
 * against an exact expectation of what each request does to its account.
 */
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { isAppError, type AppError } from "~/server/errors";
import { SANDBOX_BILL_PRODUCTS, SANDBOX_DATA_PLANS } from "~/server/seed/catalog";
import { fundWallet } from "~/server/services/wallet/fund-wallet";
import { checkLedger } from "~/server/services/reconciliation/check-ledger";
import { reconcilePendingTransactions } from "~/server/services/reconciliation/reconcile-pending";
import { operator } from "~/test/fixtures";
import { balanceOf, countVends, fundedAccount } from "~/test/purchase-fixtures";
import type { PurchaseResult } from "~/server/services/purchases/execute-purchase";
import { payBill } from "~/server/services/purchases/pay-bill";
import { purchaseAirtime } from "~/server/services/purchases/purchase-airtime";
import { purchaseData } from "~/server/services/purchases/purchase-data";

// ---------------------------------------------------------------------------------------------
// The order vocabulary: a handful of products and the sandbox's test recipients.

const DATA_PLANS = ["mtn-1gb-30d", "glo-1gb-30d", "9mobile-500mb-30d", "airtel-unlimited-30d"] as const;
const NETWORKS = ["mtn", "airtel", "glo", "9mobile"] as const;
const PHONES = ["08031234567", "08051234567", "09012345678", "08031230000", "08031231111", "08031232222"] as const;
const CUSTOMERS = ["45012345678", "4501230000", "4501231111", "4501232222", "4501239999"] as const;
const FIXED_BILLS = [
  ["cable-tv", "dstv-padi"],
  ["cable-tv", "gotv-smallie"],
  ["education", "waec-result-checker"],
  ["broadband", "smile-10gb-30d"],
] as const;
const ELECTRICITY = ["ikeja-electric-prepaid", "eko-electric-prepaid"] as const;

type Order =
  | { kind: "data"; planId: string; phone: string }
  | { kind: "airtime"; networkId: string; phone: string; amount: number }
  | { kind: "bill"; service: string; planId: string; customerId: string; amount?: number };

type OpSpec =
  | { t: "fund"; account: number; amount: number }
  | { t: "buy"; account: number; order: Order }
  | { t: "burst"; account: number; order: Order; copies: number }
  /** The same request again (optionally with the phone in +234 form or the customer id padded). */
  | { t: "replay"; target: number; variant: boolean }
  /** The target's reference with another (random) order: a conflict, or a replay if it happens to match. */
  | { t: "reuse"; target: number; order: Order }
  /** The target's reference and order on another account: references are per account. */
  | { t: "crossAccount"; target: number; account: number }
  /** An electricity payment larger than anything the account could have: 402. */
  | { t: "overspend"; account: number }
  | { t: "reconcile" };

const orderArb: fc.Arbitrary<Order> = fc.oneof(
  fc.record({ kind: fc.constant("data" as const), planId: fc.constantFrom(...DATA_PLANS), phone: fc.constantFrom(...PHONES) }),
  fc.record({
    kind: fc.constant("airtime" as const),
    networkId: fc.constantFrom(...NETWORKS),
    phone: fc.constantFrom(...PHONES),
    amount: fc.oneof(fc.constantFrom(5_000, 10_000, 5_000_000), fc.integer({ min: 5_000, max: 200_000 })),
  }),
  fc.constantFrom(...FIXED_BILLS).chain(([service, planId]) =>
    fc.record({
      kind: fc.constant("bill" as const),
      service: fc.constant(service),
      planId: fc.constant(planId),
      customerId: fc.constantFrom(...CUSTOMERS),
    }),
  ),
  fc.record({
    kind: fc.constant("bill" as const),
    service: fc.constant("electricity"),
    planId: fc.constantFrom(...ELECTRICITY),
    customerId: fc.constantFrom(...CUSTOMERS),
    amount: fc.oneof(fc.constant(100_000), fc.integer({ min: 100_000, max: 500_000 })),
  }),
);

const opArb: fc.Arbitrary<OpSpec> = fc.oneof(
  {
    arbitrary: fc.record({ t: fc.constant("fund" as const), account: fc.nat(), amount: fc.integer({ min: 1, max: 1_500_000 }) }),
    weight: 2,
  },
  { arbitrary: fc.record({ t: fc.constant("buy" as const), account: fc.nat(), order: orderArb }), weight: 8 },
  {
    arbitrary: fc.record({ t: fc.constant("burst" as const), account: fc.nat(), order: orderArb, copies: fc.integer({ min: 2, max: 6 }) }),
    weight: 2,
  },
  { arbitrary: fc.record({ t: fc.constant("replay" as const), target: fc.nat(), variant: fc.boolean() }), weight: 4 },
  { arbitrary: fc.record({ t: fc.constant("reuse" as const), target: fc.nat(), order: orderArb }), weight: 4 },
  { arbitrary: fc.record({ t: fc.constant("crossAccount" as const), target: fc.nat(), account: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ t: fc.constant("overspend" as const), account: fc.nat() }), weight: 1 },
  { arbitrary: fc.constant({ t: "reconcile" as const }), weight: 1 },
);

const scenarioArb = fc.record({
  fundings: fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 400_000 }), fc.integer({ min: 1_000_000, max: 4_000_000 })), {
    minLength: 1,
    maxLength: 3,
  }),
  /** Characters clientReferences may contain; each reference is this prefix plus a unique counter. */
  referencePrefix: fc.stringMatching(/^[A-Za-z0-9._:-]{1,60}$/),
  steps: fc.array(fc.record({ concurrent: fc.boolean(), ops: fc.array(opArb, { minLength: 1, maxLength: 6 }) }), {
    minLength: 1,
    maxLength: 6,
  }),
});

// ---------------------------------------------------------------------------------------------
// What can be known about an order without running it.

const DATA_PRICES = new Map(SANDBOX_DATA_PLANS.map((plan) => [plan.id, plan.price]));
const BILL_PRICES = new Map(SANDBOX_BILL_PRODUCTS.map((product) => [product.id, product.price]));
const SERVICE_OF = {
  data: "DATA",
  airtime: "AIRTIME",
  "cable-tv": "CABLE_TV",
  electricity: "ELECTRICITY",
  education: "EDUCATION",
  broadband: "BROADBAND",
} as const;

function serviceOf(order: Order): string {
  return order.kind === "bill" ? SERVICE_OF[order.service as keyof typeof SERVICE_OF] : SERVICE_OF[order.kind];
}

function chargeOf(order: Order): bigint {
  if (order.kind === "data") return DATA_PRICES.get(order.planId)!;
  if (order.kind === "airtime") return BigInt(order.amount);
  return order.amount !== undefined ? BigInt(order.amount) : BILL_PRICES.get(order.planId)!;
}

/** The recipient as the service stores it: trimmed, phones in the 11-digit local form. */
function recipientOf(order: Order): string {
  return order.kind === "bill" ? order.customerId.trim() : order.phone.replace(/^\+234/, "0");
}

/** The fields that make two requests "the same order" (§3.3.3). */
function sameOrder(a: Order, b: Order): boolean {
  const key = (order: Order) =>
    JSON.stringify([
      serviceOf(order),
      order.kind === "airtime" ? order.networkId : order.planId,
      recipientOf(order),
      order.kind === "data" ? null : (order.amount ?? null),
    ]);
  return key(a) === key(b);
}

const invalidCustomer = (order: Order) => order.kind === "bill" && recipientOf(order).endsWith("9999");

/** The status a new purchase answers with when no reconciler runs at the same time. */
function firstStatus(order: Order): "successful" | "failed" | "pending" {
  const recipient = recipientOf(order);
  if (recipient.endsWith("0000")) return "failed";
  if (recipient.endsWith("1111") || recipient.endsWith("2222")) return "pending";
  return "successful";
}

/** The status a purchase ends in once the reconciler has asked about it. */
function finalStatus(recipient: string): "SUCCESSFUL" | "FAILED" {
  return recipient.endsWith("0000") || recipient.endsWith("2222") ? "FAILED" : "SUCCESSFUL";
}

/** Statuses a new purchase may answer with when a reconciler may run concurrently. */
function possibleStatuses(order: Order): string[] {
  const recipient = recipientOf(order);
  if (recipient.endsWith("0000")) return ["failed"];
  if (recipient.endsWith("1111")) return ["pending", "successful"];
  if (recipient.endsWith("2222")) return ["pending", "failed"];
  return ["successful"];
}

/** The same order as sent by a client that formats it differently (§3.3.3: still the same order). */
function variantOf(order: Order): Order {
  if (order.kind === "bill") return { ...order, customerId: ` ${order.customerId.trim()} ` };
  // The number's other spelling, 0803… ↔ +234803…: a replay's target can itself be a variant, and
  // prefixing +234 twice made an invalid number (a 400, not the replay or 409 this step checks).
  const phone = order.phone.startsWith("+234") ? `0${order.phone.slice(4)}` : `+234${order.phone.slice(1)}`;
  return { ...order, phone };
}

// ---------------------------------------------------------------------------------------------
// Running operations.

type Account = Awaited<ReturnType<typeof fundedAccount>>;

function send(account: Account, clientReference: string, order: Order): Promise<PurchaseResult> {
  switch (order.kind) {
    case "data":
      return purchaseData(account.actor, { clientReference, planId: order.planId, phone: order.phone });
    case "airtime":
      return purchaseAirtime(account.actor, { clientReference, networkId: order.networkId, phone: order.phone, amount: order.amount });
    case "bill":
      return payBill(account.actor, order.service, {
        clientReference,
        planId: order.planId,
        customerId: order.customerId,
        ...(order.amount !== undefined ? { amount: order.amount } : {}),
      });
  }
}

type Outcome = { ok: true; result: PurchaseResult } | { ok: false; error: AppError };

/** What the generated runs exercised, over the whole property (printed, so a weak generator shows). */
const seen = {
  steps: 0,
  concurrentSteps: 0,
  created: 0,
  replays: 0,
  conflicts: 0,
  insufficientFunds: 0,
  invalidCustomer: 0,
  bursts: 0,
  reconciles: 0,
  fundings: 0,
};

function tally(outcomes: Outcome[]) {
  for (const outcome of outcomes) {
    if (outcome.ok) seen[outcome.result.replay ? "replays" : "created"] += 1;
    else if (outcome.error.code === "transaction.idempotency_conflict") seen.conflicts += 1;
    else if (outcome.error.code === "wallet.insufficient_funds") seen.insufficientFunds += 1;
    else if (outcome.error.code === "customer.invalid") seen.invalidCustomer += 1;
  }
}

async function attempt(work: () => Promise<PurchaseResult>): Promise<Outcome> {
  try {
    return { ok: true, result: await work() };
  } catch (error) {
    if (!isAppError(error)) throw error; // anything else is a bug: a 500
    return { ok: false, error };
  }
}

/** What the service knows under one (account, reference): the order that claimed it and its transaction. */
interface RefEntry {
  account: number;
  reference: string;
  order: Order;
  txId: string | null;
}

interface Snapshot {
  balance: bigint;
  ledgerEntries: number;
  transactions: number;
}

async function snapshot(accountId: string): Promise<Snapshot> {
  const [balance, ledgerEntries, transactions] = await Promise.all([
    balanceOf(accountId),
    db.ledgerEntry.count({ where: { accountId } }),
    db.transaction.count({ where: { accountId } }),
  ]);
  return { balance, ledgerEntries, transactions };
}

/** One purchase request with the expectation that follows from what is known before it runs. */
interface Planned {
  account: number;
  reference: string;
  order: Order;
  /** The entry for (account, reference) at the start of the step, if any. */
  known: RefEntry | undefined;
  /** Sent this many times at once (a burst); 1 otherwise. */
  copies: number;
  /** An insufficient-funds attempt: must be 402. */
  mustBeRefused: boolean;
}

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

async function runScenario(scenario: Scenario): Promise<void> {
  const accounts: Account[] = [];
  for (const funding of scenario.fundings) accounts.push(await fundedAccount(BigInt(funding)));
  const funded = scenario.fundings.map((funding) => BigInt(funding));
  const refs = new Map<string, RefEntry>();
  const refOrder: RefEntry[] = [];
  let counter = 0;
  const freshReference = () => `${scenario.referencePrefix}-${counter++}`;
  const keyOf = (account: number, ref: string) => `${account}\u0000${ref}`;
  const vends = countVends();

  try {
    for (const step of scenario.steps) {
      // Plan the step: resolve targets against what earlier steps left, one request per (account, reference).
      const usedKeys = new Set<string>();
      const fundings: { account: number; amount: bigint }[] = [];
      const purchases: Planned[] = [];
      let reconciles = 0;
      // Targets are mostly references that hold a transaction; sometimes one whose purchase was refused.
      const available = [...refOrder];
      const holding = refOrder.filter((entry) => entry.txId);
      for (const op of step.ops) {
        const plan = (account: number, ref: string, order: Order, copies = 1, mustBeRefused = false) => {
          const key = keyOf(account, ref);
          if (usedKeys.has(key)) return;
          usedKeys.add(key);
          purchases.push({ account, reference: ref, order, known: refs.get(key), copies, mustBeRefused });
        };
        const pool = "target" in op && op.target % 5 !== 0 && holding.length > 0 ? holding : available;
        const target = pool.length > 0 && "target" in op ? pool[Math.floor(op.target / 5) % pool.length] : undefined;
        switch (op.t) {
          case "fund":
            fundings.push({ account: op.account % accounts.length, amount: BigInt(op.amount) });
            break;
          case "buy":
            plan(op.account % accounts.length, freshReference(), op.order);
            break;
          case "burst":
            plan(op.account % accounts.length, freshReference(), op.order, op.copies);
            break;
          case "replay":
            if (target) plan(target.account, target.reference, op.variant ? variantOf(target.order) : target.order);
            break;
          case "reuse":
            if (target) plan(target.account, target.reference, op.order);
            break;
          case "crossAccount":
            if (target && accounts.length > 1) {
              const other = (target.account + 1 + (op.account % (accounts.length - 1))) % accounts.length;
              plan(other, target.reference, target.order);
            }
            break;
          case "overspend":
            // Filled in with an amount once the balance is known (below).
            plan(
              op.account % accounts.length,
              freshReference(),
              { kind: "bill", service: "electricity", planId: "ikeja-electric-prepaid", customerId: "45012345678", amount: 0 },
              1,
              true,
            );
            break;
          case "reconcile":
            reconciles += 1;
            break;
        }
      }

      // An overspend asks for more than the account could possibly hold during this step: its balance,
      // all funding of the step, and every pending debit that a reversal might return.
      for (const planned of purchases.filter((p) => p.mustBeRefused)) {
        const accountId = accounts[planned.account]!.accountId;
        const pending = await db.transaction.aggregate({ where: { accountId, status: "PENDING" }, _sum: { amount: true } });
        const ceiling =
          (await balanceOf(accountId)) +
          fundings.filter((f) => f.account === planned.account).reduce((sum, f) => sum + f.amount, 0n) +
          (pending._sum.amount ?? 0n);
        const amount = ceiling + 1n < 100_000n ? 100_000n : ceiling + 1n;
        planned.order = { ...planned.order, amount: Number(amount) } as Order;
      }
      // Above the product's maximum it would be a 422, not an insufficient-funds attempt: leave it out.
      const tooLarge = (planned: Planned) => planned.mustBeRefused && chargeOf(planned.order) > 50_000_000n;
      purchases.splice(0, purchases.length, ...purchases.filter((planned) => !tooLarge(planned)));

      seen.steps += 1;
      seen.reconciles += reconciles;
      seen.fundings += fundings.length;
      if (step.concurrent) {
        seen.concurrentSteps += 1;
        await runConcurrently(accounts, funded, fundings, purchases, reconciles);
      } else {
        await runSequentially(accounts, funded, fundings, purchases, reconciles);
      }

      // The service's own record of every reference touched is the source of truth from here on.
      for (const planned of purchases) {
        const key = keyOf(planned.account, planned.reference);
        const row = await db.transaction.findUnique({
          where: {
            accountId_livemode_clientReference: {
              accountId: accounts[planned.account]!.accountId,
              livemode: true,
              clientReference: planned.reference,
            },
          },
        });
        const entry = refs.get(key);
        if (entry && entry.txId) {
          expect(row?.id, "a known reference keeps its transaction").toBe(entry.txId);
        } else if (entry) {
          if (row) Object.assign(entry, { txId: row.id, order: planned.order });
        } else {
          const created: RefEntry = { account: planned.account, reference: planned.reference, order: planned.order, txId: row?.id ?? null };
          refs.set(key, created);
          refOrder.push(created);
        }
      }

      await assertInvariants(accounts, funded, refs);
    }

    // A final reconciliation settles everything; then every purchase ends as its recipient says.
    const final = await reconcilePendingTransactions(operator, { includeNotDue: true });
    expect(final.stillPending).toBe(0);
    await assertInvariants(accounts, funded, refs);
    const rows = await db.transaction.findMany({ where: { accountId: { in: accounts.map((account) => account.accountId) } } });
    for (const row of rows) {
      expect(row.status, `${row.clientReference} → ${row.recipient}`).toBe(finalStatus(row.recipient));
      expect(row.completedAt).not.toBeNull();
    }
    expect(vends.counts.vend, "one vend per transaction, none for replays, conflicts or refusals").toBe(rows.length);
    for (const [index, account] of accounts.entries()) {
      const fundingSum = await db.ledgerEntry.aggregate({
        where: { accountId: account.accountId, kind: "FUNDING" },
        _sum: { amount: true },
      });
      expect(fundingSum._sum.amount ?? 0n).toBe(funded[index]);
    }
  } finally {
    vends.restore();
  }
}

async function fund(accounts: Account[], funded: bigint[], account: number, amount: bigint) {
  await fundWallet(operator, { accountId: accounts[account]!.accountId, amount });
  funded[account]! += amount;
}

/** Checks one purchase's outcome(s) against what is known about its reference. */
function checkOutcomes(planned: Planned, outcomes: Outcome[], context: { exact: boolean; balanceBefore?: bigint }) {
  const label = `${planned.reference} ${JSON.stringify(planned.order)}`;
  tally(outcomes);
  if (planned.copies > 1) seen.bursts += 1;
  const known = planned.known?.txId ? planned.known : undefined;

  for (const outcome of outcomes) {
    if (!outcome.ok) {
      expect(outcome.error.status, `${label}: ${outcome.error.code} ${outcome.error.message}`).toBeLessThan(500);
    }
  }

  if (known) {
    // A known reference: replay of the stored transaction, or 409; never a new charge.
    const replay = sameOrder(known.order, planned.order);
    for (const outcome of outcomes) {
      if (replay) {
        expect(outcome.ok, `${label} should replay`).toBe(true);
        if (!outcome.ok) continue;
        expect(outcome.result.replay).toBe(true);
        expect(outcome.result.transaction.idempotentReplay).toBe(true);
        expect(outcome.result.transaction.id).toBe(known.txId);
        expect(outcome.result.transaction.clientReference).toBe(planned.reference);
      } else {
        expect(outcome.ok, `${label} should conflict with ${JSON.stringify(known.order)}`).toBe(false);
        if (outcome.ok) continue;
        expect(outcome.error.code).toBe("transaction.idempotency_conflict");
        expect(outcome.error.status).toBe(409);
      }
    }
    return;
  }

  // A new reference (or one whose earlier attempt was refused and left nothing).
  if (invalidCustomer(planned.order)) {
    for (const outcome of outcomes) {
      expect(outcome.ok, `${label} must be refused`).toBe(false);
      if (!outcome.ok) expect([outcome.error.code, outcome.error.status]).toEqual(["customer.invalid", 422]);
    }
    return;
  }
  const created = outcomes.filter((outcome): outcome is Extract<Outcome, { ok: true }> => outcome.ok && !outcome.result.replay);
  const replays = outcomes.filter((outcome): outcome is Extract<Outcome, { ok: true }> => outcome.ok && outcome.result.replay);
  const refused = outcomes.filter((outcome): outcome is Extract<Outcome, { ok: false }> => !outcome.ok);
  expect(created.length, `${label}: at most one request creates`).toBeLessThanOrEqual(1);
  for (const outcome of refused) expect([outcome.error.code, outcome.error.status], label).toEqual(["wallet.insufficient_funds", 402]);
  if (planned.mustBeRefused) expect(refused.length, `${label}: overspend`).toBe(outcomes.length);
  const charge = chargeOf(planned.order);
  if (context.exact && context.balanceBefore !== undefined) {
    const covered = charge <= context.balanceBefore;
    expect(created.length, `${label}: balance ${context.balanceBefore}`).toBe(covered ? 1 : 0);
    if (covered) expect(refused).toEqual([]);
  }
  const first = created[0];
  if (first) {
    const transaction = first.result.transaction;
    expect(transaction.idempotentReplay).toBeUndefined();
    expect(transaction.clientReference).toBe(planned.reference);
    expect(transaction.amount).toBe(charge);
    expect(transaction.recipient).toBe(recipientOf(planned.order));
    if (context.exact) expect(transaction.status, label).toBe(firstStatus(planned.order));
    else expect(possibleStatuses(planned.order), label).toContain(transaction.status);
  }
  for (const outcome of replays) {
    expect(first, `${label}: a replay needs an original`).toBeDefined();
    expect(outcome.result.transaction.id).toBe(first?.result.transaction.id);
    expect(outcome.result.transaction.idempotentReplay).toBe(true);
  }
}

async function runSequentially(
  accounts: Account[],
  funded: bigint[],
  fundings: { account: number; amount: bigint }[],
  purchases: Planned[],
  reconciles: number,
) {
  for (const funding of fundings) await fund(accounts, funded, funding.account, funding.amount);
  for (const planned of purchases) {
    const accountId = accounts[planned.account]!.accountId;
    const before = await snapshot(accountId);
    const outcomes: Outcome[] = [];
    if (planned.copies > 1) {
      outcomes.push(
        ...(await Promise.all(
          Array.from({ length: planned.copies }, () => attempt(() => send(accounts[planned.account]!, planned.reference, planned.order))),
        )),
      );
    } else {
      outcomes.push(await attempt(() => send(accounts[planned.account]!, planned.reference, planned.order)));
    }
    checkOutcomes(planned, outcomes, { exact: true, balanceBefore: before.balance });
    const after = await snapshot(accountId);
    const created = outcomes.find((outcome) => outcome.ok && !outcome.result.replay);
    if (created && created.ok) {
      const failed = created.result.transaction.status === "failed";
      expect(after).toEqual({
        balance: before.balance - (failed ? 0n : created.result.transaction.amount),
        ledgerEntries: before.ledgerEntries + (failed ? 2 : 1),
        transactions: before.transactions + 1,
      });
    } else {
      expect(after, `${planned.reference}: a replay, conflict or refusal changes nothing`).toEqual(before);
    }
  }
  for (let run = 0; run < reconciles; run++) {
    await reconcilePendingTransactions(operator, { includeNotDue: true });
    expect(await db.transaction.count({ where: { status: "PENDING" } }), "nothing stays pending after a reconciliation").toBe(0);
  }
}

async function runConcurrently(
  accounts: Account[],
  funded: bigint[],
  fundings: { account: number; amount: bigint }[],
  purchases: Planned[],
  reconciles: number,
) {
  const results = await Promise.all([
    ...fundings.map(async (funding) => {
      await fund(accounts, funded, funding.account, funding.amount);
      return null;
    }),
    ...Array.from({ length: reconciles }, async () => {
      await reconcilePendingTransactions(operator, { includeNotDue: true });
      return null;
    }),
    ...purchases.map(async (planned) => ({
      planned,
      outcomes: await Promise.all(
        Array.from({ length: planned.copies }, () => attempt(() => send(accounts[planned.account]!, planned.reference, planned.order))),
      ),
    })),
  ]);
  for (const entry of results) if (entry) checkOutcomes(entry.planned, entry.outcomes, { exact: false });
}

async function assertInvariants(accounts: Account[], funded: bigint[], refs: Map<string, RefEntry>) {
  const ledger = await checkLedger(operator);
  expect(ledger.mismatches).toEqual([]);
  expect(ledger.ok).toBe(true);

  for (const [index, account] of accounts.entries()) {
    const { accountId } = account;
    const balance = await balanceOf(accountId);
    const rows = await db.transaction.findMany({ where: { accountId } });
    const nonFailed = rows.filter((row) => row.status !== "FAILED").reduce((sum, row) => sum + row.amount, 0n);
    expect(balance, "balance = funding − successful and pending purchases").toBe(funded[index]! - nonFailed);
    expect(balance >= 0n).toBe(true);
    const lowest = await db.ledgerEntry.aggregate({ where: { accountId }, _min: { balanceAfter: true } });
    expect((lowest._min.balanceAfter ?? 0n) >= 0n, "the balance was never negative").toBe(true);

    // One transaction per reference, each the one this test saw created, for the order that claimed it.
    const references = rows.map((row) => row.clientReference);
    expect(new Set(references).size).toBe(references.length);
    const expected = [...refs.values()].filter((entry) => entry.account === index && entry.txId);
    expect(rows.map((row) => row.id).sort()).toEqual(expected.map((entry) => entry.txId).sort());
    for (const entry of expected) {
      const row = rows.find((candidate) => candidate.id === entry.txId)!;
      expect(row.clientReference).toBe(entry.reference);
      expect(row.amount).toBe(chargeOf(entry.order));
      expect(row.service).toBe(serviceOf(entry.order));
      expect(row.recipient).toBe(recipientOf(entry.order));
    }
  }
}

// ---------------------------------------------------------------------------------------------

describe("purchase engine properties", () => {
  let started = 0;
  beforeEach(() => {
    started = Date.now();
  });
  afterEach(() => {
    console.log(`purchase properties: ${Date.now() - started} ms`);
  });

  it("keeps the money invariants over random sequences of purchases, replays, conflicts and reconciliations", async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        runs += 1;
        await runScenario(scenario);
      }),
      // A run takes a few hundred milliseconds (about 5 s for all 25 on an idle machine); the limit only
      // bounds shrinking after a failure, and is generous for a loaded machine.
      { numRuns: 25, interruptAfterTimeLimit: 150_000, markInterruptAsFailure: true },
    );
    expect(runs).toBeGreaterThanOrEqual(25);
    console.log(`purchase properties exercised: ${JSON.stringify(seen)}`);
  }, 180_000);
});
