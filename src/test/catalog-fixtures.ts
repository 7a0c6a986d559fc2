/**
 * Catalog-administration test data (issue 16) through the operator's services: a network of the test's
 * own with a plan and bill products under fresh ids, so each test prices and deactivates only what it
 * created, and the purchases a test makes of them through the real purchase services.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Actor } from "~/server/auth/actor";
import { createBillProduct } from "~/server/services/catalog/save-bill-product";
import { createNetwork } from "~/server/services/catalog/save-network";
import { createPlan } from "~/server/services/catalog/save-plan";
import { payBill } from "~/server/services/purchases/pay-bill";
import { purchaseAirtime } from "~/server/services/purchases/purchase-airtime";
import { purchaseData } from "~/server/services/purchases/purchase-data";
import { assignPriceList, createPriceList } from "~/server/services/pricing/manage-price-lists";
import type { BillProductInput, PlanInput } from "~/schemas/catalog-admin";
import { operator } from "./fixtures";
import { fundedAccount, reference } from "./purchase-fixtures";

export const catalogSuffix = () => randomBytes(4).toString("hex");

/**
 * One network with a retail-basis data plan, a fixed-price cable-TV product and a variable-amount
 * electricity product, all with known costs. Overrides change the created rows' fields.
 */
export async function createTestCatalog(
  overrides: { plan?: Partial<PlanInput>; fixed?: Partial<BillProductInput>; variable?: Partial<BillProductInput> } = {},
) {
  const id = catalogSuffix();
  const network = await createNetwork(operator, {
    id: `net-${id}`,
    name: `Network ${id}`,
    airtimeMinAmount: 5_000n,
    airtimeMaxAmount: 5_000_000n,
    airtimeCommissionBps: 300,
  });
  const plan = await createPlan(operator, {
    id: `plan-${id}`,
    networkId: network.id,
    name: "1GB 30 days",
    price: 30_000n,
    pricingBasis: "RETAIL",
    retailPrice: 35_000n,
    costPrice: 27_000n,
    productId: "data-1gb-30d",
    sizeMb: 1024,
    validityDays: 30,
    class: "SME",
    ...overrides.plan,
  });
  const fixed = await createBillProduct(operator, {
    id: `tv-${id}`,
    service: "CABLE_TV",
    amountType: "FIXED",
    productId: `tv-${id}`,
    name: "Test TV bouquet",
    biller: "TestTV",
    price: 5_000n,
    costPrice: 4_700n,
    ...overrides.fixed,
  });
  const variable = await createBillProduct(operator, {
    id: `power-${id}`,
    service: "ELECTRICITY",
    amountType: "VARIABLE",
    productId: `power-${id}`,
    name: "Test Power Prepaid",
    biller: "TestPower",
    minAmount: 10_000n,
    maxAmount: 10_000_000n,
    commissionBps: 150,
    ...overrides.variable,
  });
  return { network, plan, fixed, variable };
}

/** A fresh account (with a key, funded when asked) assigned to a fresh price list. */
export async function accountOnPriceList(funding?: bigint) {
  const account = await fundedAccount(funding ?? 0n);
  const { id: priceListId } = await createPriceList(operator, { name: `List ${catalogSuffix()}` });
  await assignPriceList(operator, { accountId: account.accountId, priceListId });
  return { ...account, priceListId };
}

export type TestCatalog = Awaited<ReturnType<typeof createTestCatalog>>;

/**
 * The sandbox's recipients decide the vend's outcome (docs/integrating.md "Sandbox test recipients"): these
 * succeed at once.
 */
export const OK_PHONE = "08031234567";
export const OK_CUSTOMER = "45012345678";

export const buy = {
  data: (actor: Actor, planId: string, phone = OK_PHONE, clientReference = reference("data")) =>
    purchaseData(actor, { clientReference, planId, phone }),
  airtime: (actor: Actor, networkId: string, amount: bigint, phone = OK_PHONE, clientReference = reference("air")) =>
    purchaseAirtime(actor, { clientReference, networkId, phone, amount: Number(amount) }),
  fixedBill: (actor: Actor, planId: string, customerId = OK_CUSTOMER, clientReference = reference("tv")) =>
    payBill(actor, "cable-tv", { clientReference, planId, customerId }),
  variableBill: (actor: Actor, planId: string, amount: bigint, customerId = OK_CUSTOMER, clientReference = reference("power")) =>
    payBill(actor, "electricity", { clientReference, planId, customerId, amount: Number(amount) }),
};

/**
 * A connection of its own to this test file's database, outside Prisma, for SQL that the services
 * would refuse before the database could (the database's own rules are tested this way).
 */
export async function rawConnection(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  return client;
}

/** The SQLSTATE a statement fails with, or null when it succeeds. */
export async function sqlStateOf(client: pg.Client, statement: string, values: unknown[] = []): Promise<string | null> {
  try {
    await client.query(statement, values);
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? "unknown";
  }
}
