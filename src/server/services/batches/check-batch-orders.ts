/**
 * What a batch's orders need beyond their schema before the batch is accepted (DESIGN.md §7.1): each
 * order's product on sale at a price this account pays, its amount within bounds, its reference used once
 * in the batch. Every problem of every row is named by its path (`orders[17].planId`), as a 400 names a
 * field, so a whole file's mistakes are seen at once and nothing is accepted until none is left.
 *
 * The rules are those of the single purchases (purchase-data.ts, purchase-airtime.ts, pay-bill.ts), read
 * for all orders in one query per kind; what only the provider can say (a customer the biller does not
 * know) is left to the purchase itself, which refuses it without a charge. An order whose reference is
 * already in use is not checked: buying it will be a replay, or a 409 on that order, never a charge, even
 * if its product has since left the catalog.
 */
import type { BatchOrder } from "~/schemas/batches";
import type { ParsedBatch } from "./parse-batch";
import { billServiceFromPath } from "~/schemas/services";
import { db } from "~/server/db";
import type { FieldProblem } from "~/server/errors";

export interface CheckedBatchOrders {
  /** The schema's problems (parse-batch.ts) and the catalog's, in the order of the rows. */
  problems: FieldProblem[];
  /** Each order's price at this instant, kobo (0 for a known reference, and for a row that did not parse). */
  prices: bigint[];
  /** Whether each order's reference was already in use (a replay or a conflict, never charged). */
  known: boolean[];
  /** The sum of the prices: what the wallet must cover. */
  amount: bigint;
}

interface PlanFacts {
  id: string;
  price: bigint;
  on_sale: boolean;
}

interface NetworkFacts {
  id: string;
  name: string;
  active: boolean;
  airtimeMinAmount: bigint;
  airtimeMaxAmount: bigint;
}

interface BillFacts {
  id: string;
  service: string;
  name: string;
  amount_type: "FIXED" | "VARIABLE";
  min_amount: bigint | null;
  max_amount: bigint | null;
  active: boolean;
  price: bigint | null;
}

const unique = <T>(values: T[]) => [...new Set(values)];

/** `parsed`: the body as parse-batch.ts read it; the rows it refused are skipped here. */
export async function checkBatchOrders(accountId: string, livemode: boolean, parsed: ParsedBatch): Promise<CheckedBatchOrders> {
  const rows = parsed.orders;
  const problems: FieldProblem[] = [...parsed.problems];
  if (rows.every((order) => order === null)) return { problems, prices: rows.map(() => 0n), known: rows.map(() => false), amount: 0n };
  const at = (index: number, field: string, reason: string) => problems.push({ name: `orders[${index}].${field}`, reason });
  const orders = rows.flatMap((order) => (order ? [order] : []));

  const firstUse = new Map<string, number>();
  rows.forEach((order, index) => {
    if (!order) return;
    const earlier = firstUse.get(order.clientReference);
    if (earlier === undefined) firstUse.set(order.clientReference, index);
    else at(index, "clientReference", `repeats orders[${earlier}].clientReference: each order needs a reference of its own`);
  });

  const references = [...firstUse.keys()];
  const [knownRows, plans, networks, bills] = await Promise.all([
    db.$queryRaw<{ client_reference: string }[]>`
      SELECT client_reference FROM transactions
      WHERE account_id = ${accountId}::uuid AND livemode = ${livemode} AND client_reference = ANY(${references}::text[])`,
    lookUpPlans(accountId, unique(orders.flatMap((order) => (order.kind === "data" ? [order.planId] : [])))),
    lookUpNetworks(unique(orders.flatMap((order) => (order.kind === "airtime" ? [order.networkId] : [])))),
    lookUpBills(accountId, unique(orders.flatMap((order) => (order.kind === "bill" ? [order.planId] : [])))),
  ]);
  const knownReferences = new Set(knownRows.map((row) => row.client_reference));

  const known = rows.map((order) => order !== null && knownReferences.has(order.clientReference));
  const prices = rows.map((order, index): bigint => {
    if (!order || known[index]) return 0n;
    switch (order.kind) {
      case "data": {
        const plan = plans.get(order.planId);
        if (!plan) return (at(index, "planId", `no data plan '${order.planId}': see GET /api/v1/plans`), 0n);
        if (!plan.on_sale) return (at(index, "planId", `the data plan '${order.planId}' is not on sale now`), 0n);
        return plan.price;
      }
      case "airtime": {
        const network = networks.get(order.networkId);
        if (!network) return (at(index, "networkId", `no network '${order.networkId}': see GET /api/v1/networks`), 0n);
        if (!network.active) return (at(index, "networkId", `${network.name} airtime is not on sale now`), 0n);
        const amount = BigInt(order.amount);
        if (amount < network.airtimeMinAmount || amount > network.airtimeMaxAmount) {
          at(index, "amount", `${network.name} airtime must be between ${network.airtimeMinAmount} and ${network.airtimeMaxAmount} kobo`);
        }
        return amount;
      }
      case "bill":
        return billPrice(order, bills.get(order.planId), (field, reason) => at(index, field, reason));
    }
  });
  return { problems: inRowOrder(problems), prices, known, amount: prices.reduce((sum, price) => sum + price, 0n) };
}

/** The body's own problems first, then each row's, in the order found. */
function inRowOrder(problems: FieldProblem[]): FieldProblem[] {
  const row = (problem: FieldProblem) => Number(/^orders\[(\d+)\]/.exec(problem.name)?.[1] ?? -1);
  return problems
    .map((problem, index) => ({ problem, index }))
    .sort((a, b) => row(a.problem) - row(b.problem) || a.index - b.index)
    .map(({ problem }) => problem);
}

/** A bill order's price: pay-bill.ts's rules, said of one row. */
function billPrice(
  order: Extract<BatchOrder, { kind: "bill" }>,
  product: BillFacts | undefined,
  problem: (field: string, reason: string) => void,
): bigint {
  const service = billServiceFromPath(order.service);
  if (!product || product.service !== service) {
    problem("planId", `no ${order.service} product '${order.planId}': see GET /api/v1/bills/${order.service}/products`);
    return 0n;
  }
  if (!product.active) {
    problem("planId", `the ${order.service} product '${order.planId}' is not on sale now`);
    return 0n;
  }
  if (order.subscriptionType !== undefined && service !== "CABLE_TV") {
    problem("subscriptionType", "applies to cable TV only");
  }
  if (product.amount_type === "FIXED") {
    if (order.amount !== undefined) problem("amount", "must not be sent for a fixed-price product; it costs its listed price");
    return product.price ?? 0n;
  }
  if (order.amount === undefined) {
    problem("amount", "is required for this variable-amount product");
    return 0n;
  }
  const amount = BigInt(order.amount);
  if (amount < (product.min_amount ?? 0n) || amount > (product.max_amount ?? 0n)) {
    problem("amount", `${product.name} payments must be between ${product.min_amount} and ${product.max_amount} kobo`);
  }
  return amount;
}

async function lookUpPlans(accountId: string, planIds: string[]): Promise<Map<string, PlanFacts>> {
  if (planIds.length === 0) return new Map();
  const rows = await db.$queryRaw<PlanFacts[]>`
    SELECT p.id, f.price, p.active AND n.active AS on_sale
    FROM data_plans p
    JOIN networks n ON n.id = p.network_id
    JOIN plan_prices_in_force f ON f.plan_id = p.id AND f.account_id = ${accountId}::uuid
    WHERE p.id = ANY(${planIds}::text[])`;
  return new Map(rows.map((row) => [row.id, row]));
}

async function lookUpNetworks(networkIds: string[]): Promise<Map<string, NetworkFacts>> {
  if (networkIds.length === 0) return new Map();
  const rows = await db.network.findMany({
    where: { id: { in: networkIds } },
    select: { id: true, name: true, active: true, airtimeMinAmount: true, airtimeMaxAmount: true },
  });
  return new Map(rows.map((row) => [row.id, row]));
}

async function lookUpBills(accountId: string, productIds: string[]): Promise<Map<string, BillFacts>> {
  if (productIds.length === 0) return new Map();
  const rows = await db.$queryRaw<BillFacts[]>`
    SELECT b.id, b.service::text AS service, b.name, b.amount_type::text AS amount_type, b.min_amount, b.max_amount, b.active, f.price
    FROM bill_products b
    JOIN bill_prices_in_force f ON f.product_id = b.id AND f.account_id = ${accountId}::uuid
    WHERE b.id = ANY(${productIds}::text[])`;
  return new Map(rows.map((row) => [row.id, row]));
}
