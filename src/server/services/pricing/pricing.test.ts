/**
 * Prices per account (issue 16) against real PostgreSQL: the order of precedence (the account's own
 * price > its price list's > the catalog default) seen identically by the listings and by what a
 * purchase charges; a price change never rewriting a stored transaction; and price changes racing
 * purchases, where each transaction must carry a price that was in force while it was being bought.
 */
import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { updateBillProduct } from "~/server/services/catalog/save-bill-product";
import { updatePlan } from "~/server/services/catalog/save-plan";
import { listBillProducts } from "~/server/services/catalog/list-bill-products";
import { listPlans } from "~/server/services/catalog/list-plans";
import { checkLedger } from "~/server/services/reconciliation/check-ledger";
import { getAccountPrices } from "./get-account-prices";
import { assignPriceList, setPriceListPrice } from "./manage-price-lists";
import { setAccountPrice } from "./set-account-price";
import { accountOnPriceList, buy, createTestCatalog, type TestCatalog } from "~/test/catalog-fixtures";
import { operator } from "~/test/fixtures";
import { balanceOf, fundedAccount, ledgerOf } from "~/test/purchase-fixtures";
import type { Actor } from "~/server/auth/actor";

/** What one account is shown for the catalog's plan and fixed product, and what buying each charges. */
async function seenAndCharged(account: { actor: Actor; accountId: string }, catalog: TestCatalog) {
  const plan = (await listPlans(account.actor, undefined, { networkId: catalog.network.id })).find((row) => row.planId === catalog.plan.id);
  const product = (await listBillProducts(account.actor, "cable-tv")).find((row) => row.planId === catalog.fixed.id);
  const dataCharge = (await buy.data(account.actor, catalog.plan.id)).transaction.amount;
  const billCharge = (await buy.fixedBill(account.actor, catalog.fixed.id)).transaction.amount;
  const console = await getAccountPrices(operator, account.accountId);
  return {
    plan: { price: plan?.price, pricingBasis: plan?.pricingBasis, retailPrice: plan?.retailPrice },
    billPrice: product?.price,
    dataCharge,
    billCharge,
    console: {
      plan: console.prices.find((row) => row.id === catalog.plan.id)?.source,
      bill: console.prices.find((row) => row.id === catalog.fixed.id)?.source,
    },
  };
}

/**
 * What seenAndCharged must return when the plan is listed as `plan` and the fixed product at `billPrice`,
 * both from `source`: each purchase charges what its listing shows, and the console names that source.
 */
function pricedAt(
  plan: { price: bigint; pricingBasis: string; retailPrice: bigint | null },
  billPrice: bigint,
  source: "default" | "price_list" | "account",
) {
  return { plan, billPrice, dataCharge: plan.price, billCharge: billPrice, console: { plan: source, bill: source } };
}

describe("order of precedence: the account's own price, else its price list's, else the default", () => {
  it("is what the listings show and what a purchase charges, per account", async () => {
    const catalog = await createTestCatalog();
    const listed = await accountOnPriceList(10_000_000n);
    const other = await fundedAccount(10_000_000n); // no list, no own price: the default throughout
    const plan = catalog.plan.id;
    const product = catalog.fixed.id;
    const defaults = pricedAt({ price: 30_000n, pricingBasis: "retail", retailPrice: 35_000n }, 5_000n, "default");
    expect(await seenAndCharged(listed, catalog)).toEqual(defaults);

    // The list's price: special basis, so no retail price is shown.
    await setPriceListPrice(operator, { priceListId: listed.priceListId, planId: plan, price: 26_000n, pricingBasis: "SPECIAL" });
    await setPriceListPrice(operator, { priceListId: listed.priceListId, productId: product, price: 4_600n });
    const onList = pricedAt({ price: 26_000n, pricingBasis: "special", retailPrice: null }, 4_600n, "price_list");
    expect(await seenAndCharged(listed, catalog)).toEqual(onList);

    // The account's own price wins over the list's, and brings its own basis.
    await setAccountPrice(operator, { accountId: listed.accountId, planId: plan, price: 28_000n, pricingBasis: "RETAIL" });
    await setAccountPrice(operator, { accountId: listed.accountId, productId: product, price: 4_400n });
    expect(await seenAndCharged(listed, catalog)).toEqual(
      pricedAt({ price: 28_000n, pricingBasis: "retail", retailPrice: 35_000n }, 4_400n, "account"),
    );

    // A changed default reaches neither the list's nor the account's price, only accounts on the default.
    await updatePlan(operator, { id: plan, price: 31_000n });
    await updateBillProduct(operator, { id: product, price: 5_100n });
    expect((await seenAndCharged(listed, catalog)).dataCharge).toBe(28_000n);
    expect(await seenAndCharged(other, catalog)).toEqual(
      pricedAt({ price: 31_000n, pricingBasis: "retail", retailPrice: 35_000n }, 5_100n, "default"),
    );

    // Removing the account's own price brings the list's back; leaving the list, the default.
    await setAccountPrice(operator, { accountId: listed.accountId, planId: plan, price: null });
    await setAccountPrice(operator, { accountId: listed.accountId, productId: product, price: null });
    expect(await seenAndCharged(listed, catalog)).toEqual(onList);
    await assignPriceList(operator, { accountId: listed.accountId, priceListId: null });
    expect((await seenAndCharged(listed, catalog)).plan).toEqual({ price: 31_000n, pricingBasis: "retail", retailPrice: 35_000n });

    // Every debit is the transaction's amount.
    for (const account of [listed, other]) {
      const transactions = await db.transaction.findMany({ where: { accountId: account.accountId }, include: { ledger: true } });
      for (const transaction of transactions) {
        expect(transaction.ledger.filter((entry) => entry.kind === "PURCHASE").map((entry) => entry.amount)).toEqual([-transaction.amount]);
      }
    }
    expect((await checkLedger(operator)).mismatches).toEqual([]);
  });

  it("refuses a retail-basis price for a plan without a retail price, and a price for a variable product", async () => {
    const catalog = await createTestCatalog({ plan: { pricingBasis: "SPECIAL", retailPrice: null } });
    const account = await accountOnPriceList();
    const attempts = [
      () => setAccountPrice(operator, { accountId: account.accountId, planId: catalog.plan.id, price: 1_000n, pricingBasis: "RETAIL" }),
      () =>
        setPriceListPrice(operator, { priceListId: account.priceListId, planId: catalog.plan.id, price: 1_000n, pricingBasis: "retail" }),
      () => setAccountPrice(operator, { accountId: account.accountId, productId: catalog.variable.id, price: 1_000n }),
      () => setPriceListPrice(operator, { priceListId: account.priceListId, productId: catalog.variable.id, price: 1_000n }),
      () => setAccountPrice(operator, { accountId: account.accountId, planId: catalog.plan.id, price: 0n }),
      () => setAccountPrice(operator, { accountId: account.accountId, productId: catalog.fixed.id, price: 1_000n, pricingBasis: "RETAIL" }),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toMatchObject({ code: "validation.failed" });
  });

  it("audits each price change with who, before and after", async () => {
    const catalog = await createTestCatalog();
    const account = await accountOnPriceList();
    await setAccountPrice(operator, { accountId: account.accountId, planId: catalog.plan.id, price: 29_000n, pricingBasis: "SPECIAL" });
    await setAccountPrice(operator, { accountId: account.accountId, planId: catalog.plan.id, price: 29_500n });
    await setPriceListPrice(operator, { priceListId: account.priceListId, productId: catalog.fixed.id, price: 4_900n });
    const entries = await db.auditLogEntry.findMany({
      where: { OR: [{ accountId: account.accountId }, { targetId: account.priceListId }], action: { startsWith: "price" } },
      orderBy: { id: "asc" },
      select: { action: true, actorLabel: true, details: true },
    });
    expect(entries.map((entry) => [entry.action, entry.details])).toEqual([
      ["price_list.created", expect.objectContaining({ name: expect.any(String) })],
      ["price_list.assigned", expect.objectContaining({ before: null, after: account.priceListId })],
      ["price.account_set", { before: null, after: { price: "29000", pricingBasis: "SPECIAL" } }],
      ["price.account_set", { before: { price: "29000", pricingBasis: "SPECIAL" }, after: { price: "29500", pricingBasis: "SPECIAL" } }],
      ["price_list.price_set", expect.objectContaining({ item: { productId: catalog.fixed.id }, before: null, after: { price: "4900" } })],
    ]);
    expect(new Set(entries.map((entry) => entry.actorLabel))).toEqual(new Set(["cli:test"]));
  });
});

describe("a price change never alters a stored transaction", () => {
  it("keeps each transaction's amount and cost through price, cost and list changes and deactivation", async () => {
    const catalog = await createTestCatalog();
    const account = await accountOnPriceList(10_000_000n);
    const bought = [
      (await buy.data(account.actor, catalog.plan.id)).transaction.id,
      (await buy.fixedBill(account.actor, catalog.fixed.id)).transaction.id,
      (await buy.variableBill(account.actor, catalog.variable.id, 20_000n)).transaction.id,
      (await buy.airtime(account.actor, catalog.network.id, 10_000n)).transaction.id,
    ];
    const stored = () =>
      db.transaction.findMany({ where: { id: { in: bought } }, orderBy: { id: "asc" }, select: { id: true, amount: true, cost: true } });
    const before = await stored();
    expect(before.every((row) => row.cost !== null)).toBe(true);

    await updatePlan(operator, { id: catalog.plan.id, price: 40_000n, costPrice: 39_000n, active: false });
    await updateBillProduct(operator, { id: catalog.fixed.id, price: 9_000n, costPrice: 8_000n });
    await updateBillProduct(operator, { id: catalog.variable.id, commissionBps: 900 });
    await setAccountPrice(operator, { accountId: account.accountId, productId: catalog.fixed.id, price: 1_000n });
    await setPriceListPrice(operator, {
      priceListId: account.priceListId,
      planId: catalog.plan.id,
      price: 1_000n,
      pricingBasis: "SPECIAL",
    });
    expect(await stored()).toEqual(before);
  });
});

/**
 * Price changes racing purchases. An operator connection publishes price versions 1..N for one account,
 * each strictly dearer than the last and each through a different source (the default, the account's
 * list, assignment to the list, the account's own price), while purchases run concurrently. Each price
 * version v is known to be in force from some instant inside [changeStarted_v, changeCommitted_v] on.
 * For a purchase running over [start, end], the price it may have been charged is therefore between the
 * price of the newest version committed before `start` and that of the newest version begun before `end`:
 * a charge from a stale or cached price, or from a version not yet committed, falls outside and fails.
 */
interface Version {
  price: bigint;
  started: number;
  committed: number;
}

/** What a race's price versions change: a fresh account on a fresh price list, and the item it buys. */
interface Racer {
  accountId: string;
  priceListId: string;
  itemId: string;
}

/**
 * A fresh catalog whose data plan or fixed-price bill product starts at `initialPrice`, bought by six
 * concurrent buyers of a fresh account on a fresh price list while `setVersion` publishes the versions.
 */
async function raceThePrice(options: {
  item: "plan" | "fixed";
  versions: number;
  initialPrice: bigint;
  setVersion: (version: number, price: bigint, racer: Racer) => Promise<void>;
}) {
  const catalog = await createTestCatalog({ [options.item]: { price: options.initialPrice } });
  const account = await accountOnPriceList(1_000_000_000n);
  const racer = { accountId: account.accountId, priceListId: account.priceListId, itemId: catalog[options.item].id };
  const purchase = () => (options.item === "plan" ? buy.data : buy.fixedBill)(account.actor, racer.itemId);
  const priceOf = (version: number) => options.initialPrice + BigInt(version) * 10n;
  const versions: Version[] = [{ price: priceOf(0), started: -Infinity, committed: -Infinity }];
  const purchases: { id: string; amount: bigint; start: number; end: number }[] = [];
  let publishing = true;
  const publisher = (async () => {
    for (let version = 1; version <= options.versions; version++) {
      const started = performance.now();
      await options.setVersion(version, priceOf(version), racer);
      versions.push({ price: priceOf(version), started, committed: performance.now() });
    }
    publishing = false;
  })();
  const buyer = async () => {
    while (publishing) {
      const start = performance.now();
      const { transaction } = await purchase();
      purchases.push({ id: transaction.id, amount: transaction.amount, start, end: performance.now() });
    }
  };
  await Promise.all([publisher, ...Array.from({ length: 6 }, buyer)]);

  const offenders = purchases.flatMap((purchase) => {
    const low = versions.filter((version) => version.committed < purchase.start).at(-1)!.price;
    const high = versions.filter((version) => version.started < purchase.end).at(-1)!.price;
    const known = versions.some((version) => version.price === purchase.amount);
    return known && low <= purchase.amount && purchase.amount <= high ? [] : [{ ...purchase, low, high }];
  });
  expect(offenders).toEqual([]);
  // The race happened: purchases were charged several versions' prices, and some overlapped a change.
  expect(new Set(purchases.map((purchase) => purchase.amount)).size).toBeGreaterThan(3);
  const overlapping = purchases.filter((purchase) =>
    versions.some((version) => version.started < purchase.end && version.committed > purchase.start),
  );
  expect(overlapping.length).toBeGreaterThan(0);
  return { accountId: racer.accountId, purchases };
}

/** Each transaction's amount is its one debit; the wallet is its ledger's sum. */
async function expectLedgerMatches(accountId: string, purchases: { id: string; amount: bigint }[]) {
  const debits = new Map((await ledgerOf(accountId)).filter((entry) => entry.kind === "PURCHASE").map((e) => [e.transactionId, e.amount]));
  const stored = await db.transaction.findMany({ where: { accountId }, select: { id: true, amount: true } });
  expect(stored).toHaveLength(purchases.length);
  for (const purchase of purchases) {
    expect(stored.find((row) => row.id === purchase.id)?.amount).toBe(purchase.amount);
    expect(debits.get(purchase.id)).toBe(-purchase.amount);
  }
  const result = await checkLedger(operator, { accountId });
  expect(result.mismatches).toEqual([]);
  const sum = (await ledgerOf(accountId)).reduce((total, entry) => total + entry.amount, 0n);
  expect(await balanceOf(accountId)).toBe(sum);
}

describe("a price change racing purchases", () => {
  it("charges each data purchase a price that was in force while it was bought, whichever source set it", async () => {
    const { accountId, purchases } = await raceThePrice({
      item: "plan",
      versions: 24,
      initialPrice: 20_000n,
      // One database transaction per version: the in-force price moves straight from one version to the next.
      setVersion: (version, price, { accountId, priceListId, itemId: planId }) =>
        db.$transaction(async (tx) => {
          switch (version % 4) {
            case 0: // the default: off the list, no own price
              await setAccountPrice(operator, { accountId, planId, price: null }, tx);
              await assignPriceList(operator, { accountId, priceListId: null }, tx);
              await updatePlan(operator, { id: planId, price }, tx);
              break;
            case 1: // the list's price, the account put back on the list
              await setPriceListPrice(operator, { priceListId, planId, price, pricingBasis: "SPECIAL" }, tx);
              await assignPriceList(operator, { accountId, priceListId }, tx);
              break;
            case 2: // the list's price changed in place
              await setPriceListPrice(operator, { priceListId, planId, price, pricingBasis: "RETAIL" }, tx);
              break;
            default: // the account's own price
              await setAccountPrice(operator, { accountId, planId, price, pricingBasis: "SPECIAL" }, tx);
          }
        }),
    });
    await expectLedgerMatches(accountId, purchases);
  });

  it("records with each purchase the cost of the same catalog version as its price", async () => {
    // Every version moves price and cost together, the cost always 5,000 kobo below the price: a purchase
    // that read its price and its cost at different instants would record another difference.
    const { purchases } = await raceThePrice({
      item: "plan",
      versions: 24,
      initialPrice: 20_000n,
      setVersion: async (_version, price, { itemId: planId }) => {
        await updatePlan(operator, { id: planId, price, costPrice: price - 5_000n });
      },
    });
    // The account is on a list without this plan, so the default price applies; the first version's
    // price and cost were set by createTestCatalog, so purchases before the first change are left out.
    const stored = await db.transaction.findMany({
      where: { id: { in: purchases.map((purchase) => purchase.id) }, amount: { gt: 20_000n } },
      select: { amount: true, cost: true },
    });
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.filter((row) => row.cost !== row.amount - 5_000n)).toEqual([]);
  });

  it("charges each fixed-price bill payment a price that was in force while it was paid", async () => {
    const { accountId, purchases } = await raceThePrice({
      item: "fixed",
      versions: 18,
      initialPrice: 3_000n,
      setVersion: (version, price, { accountId, priceListId, itemId: productId }) =>
        db.$transaction(async (tx) => {
          switch (version % 3) {
            case 0:
              await setAccountPrice(operator, { accountId, productId, price: null }, tx);
              await setPriceListPrice(operator, { priceListId, productId, price: null }, tx);
              await updateBillProduct(operator, { id: productId, price }, tx);
              break;
            case 1:
              await setPriceListPrice(operator, { priceListId, productId, price }, tx);
              break;
            default:
              await setAccountPrice(operator, { accountId, productId, price }, tx);
          }
        }),
    });
    await expectLedgerMatches(accountId, purchases);
  });
});
