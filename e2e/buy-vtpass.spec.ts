/**
 * Buying through the portal with VEND_PROVIDER=vtpass (issue 17's "done when"): a second production
 * server of this spec's own, on the e2e database, vends through the fake VTpass (src/test/fake-vtpass.ts)
 * that the spec runs; a reseller buys every kind in the browser and each is one order VTpass delivered.
 *
 * Only purchases VTpass delivers at once are made here: the e2e server (the sandbox) runs a reconciler
 * over the same database, and a VTpass purchase left pending must never be requeried by the sandbox.
 * Pending purchases settled by requery and by callback are tested over REST
 * (src/server/rest/vtpass-purchases.test.ts). This server's own reconciler stays quiet for the same
 * reason the other way round.
 */
import { expect, test, type Page } from "@playwright/test";
import { startFakeVtpass, type FakeVtpass } from "../src/test/fake-vtpass";
import { confirmButton, expectWalletBalance, moneyFacts, putOnProductCatalog } from "./buy-helpers";
import { createTestAccount, signIn } from "./fixtures/data";
import { E2E_PORT } from "./fixtures/e2e-server";
import { startSpecServer, type SpecServer } from "./fixtures/spec-server";

const PORT = Number(process.env.E2E_VTPASS_PORT ?? E2E_PORT + 2);
const FUNDING = 10_000_000n;
/** The rows this spec names for VTpass, and what they were before (restored after). */
const MAPPED = [
  { id: "mtn-1gb-30d", table: "dataPlan", upstreamService: "mtn-data", upstreamCode: "mtn-1gb-portal" },
  { id: "smile-10gb-30d", table: "billProduct", upstreamService: "smile-direct", upstreamCode: "624" },
] as const;

// One server for the file, on a fixed port: its tests run one after another in one worker.
test.describe.configure({ mode: "serial" });
test.use({ baseURL: `http://localhost:${PORT}` });

let fake: FakeVtpass;
let server: SpecServer | undefined;
const before = new Map<string, { upstreamService: string | null; upstreamCode: string | null }>();

async function catalogDb() {
  return (await import("../src/server/db")).db;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fake = await startFakeVtpass();
  const db = await catalogDb();
  for (const row of MAPPED) {
    const table = db[row.table] as unknown as {
      findUniqueOrThrow(args: object): Promise<{ upstreamService: string | null; upstreamCode: string | null }>;
      update(args: object): Promise<unknown>;
    };
    const current = await table.findUniqueOrThrow({ where: { id: row.id } });
    before.set(row.id, { upstreamService: current.upstreamService, upstreamCode: current.upstreamCode });
    await table.update({ where: { id: row.id }, data: { upstreamService: row.upstreamService, upstreamCode: row.upstreamCode } });
  }
  server = await startSpecServer("VTpass", PORT, {
    ...fake.env({ VTPASS_TIMEOUT_MS: "5000", VTPASS_QUERY_TIMEOUT_MS: "2000", VTPASS_DEFAULT_PHONE: "08011111111" }),
  });
});

test.afterAll(async () => {
  await server?.stop();
  const db = await catalogDb();
  for (const row of MAPPED) {
    const table = db[row.table] as unknown as { update(args: object): Promise<unknown> };
    await table.update({ where: { id: row.id }, data: before.get(row.id)! });
  }
  await fake?.close();
});

/** A new funded reseller, signed in on the VTpass server as its staff user. */
async function reseller(page: Page) {
  const account = await createTestAccount({ funding: FUNDING });
  await putOnProductCatalog(account.accountId);
  await signIn(page, account.staff);
  return account;
}

/**
 * After "Purchase successful": one transaction, charged once, the one order VTpass delivered under its
 * request id; returns what VTpass handed over for it, by the fake's books.
 */
async function expectBoughtThroughVtpass(page: Page, accountId: string, sent: Record<string, unknown>) {
  await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible();
  const facts = await moneyFacts(accountId);
  expect(facts.transactions).toHaveLength(1);
  const [transaction] = facts.transactions;
  expect(transaction).toMatchObject({ status: "SUCCESSFUL", channel: "PORTAL" });
  expect(facts.purchases).toBe(1);
  expect(facts.balance).toBe(FUNDING - transaction!.amount);
  await expectWalletBalance(page, FUNDING - transaction!.amount);
  const requestId = transaction!.upstreamRequestId!;
  expect(fake.payRequests.filter((arrival) => arrival.requestId === requestId).map((arrival) => arrival.body)).toEqual([
    expect.objectContaining(sent),
  ]);
  expect(fake.orders.get(requestId)?.status).toBe("delivered");
  expect(transaction!.providerReference).toBe(fake.orders.get(requestId)!.transactionId);
  return fake.orders.get(requestId)!.delivered;
}

const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, "$1 ");

test("data: a plan bought in the portal is one VTpass order under its variation code", async ({ page }) => {
  const account = await reseller(page);
  await page.goto("/buy/data");
  await page.getByRole("radio", { name: "MTN", exact: true }).check();
  await page.getByRole("radio", { name: /^MTN 1GB \(SME\) – 30 days/ }).check();
  await page.getByLabel("Phone number").fill("08031234567");
  await page.getByRole("button", { name: "Continue" }).click();
  await confirmButton(page).click();
  await expectBoughtThroughVtpass(page, account.accountId, {
    serviceID: "mtn-data",
    variation_code: "mtn-1gb-portal",
    phone: "08031234567",
  });
});

test("airtime: whole naira, sent to VTpass in naira", async ({ page }) => {
  const account = await reseller(page);
  await page.goto("/buy/airtime");
  await page.getByRole("radio", { name: "MTN", exact: true }).check();
  await page.getByLabel("Phone number").fill("08031234567");
  await page.getByLabel("Amount (₦)").fill("1,500");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("checkout-charge")).toHaveText("₦1,500.00");
  await confirmButton(page).click();
  await expectBoughtThroughVtpass(page, account.accountId, { serviceID: "mtn", amount: 1500, phone: "08031234567" });
});

const FIXED_PRICE_BILLS = [
  {
    path: "cable-tv",
    productLabel: "Package",
    product: "dstv-padi",
    customerIdLabel: "Smartcard / IUC number",
    customerId: "7012345678",
    name: "TEST CUSTOMER",
    sent: { serviceID: "dstv", variation_code: "dstv-padi", billersCode: "7012345678" },
  },
  {
    path: "education",
    productLabel: "Product",
    product: "waec-result-checker",
    customerIdLabel: "Candidate or phone number",
    customerId: "08051234567",
    // A PIN has no customer to look up at VTpass: the portal shows the number given.
    name: "08051234567",
    // VTpass knows a WAEC PIN by its phone alone: the customer's own is sent.
    phone: "08051234567",
    sent: { serviceID: "waec", variation_code: "waecdirect", phone: "08051234567" },
  },
  {
    path: "broadband",
    productLabel: "Plan",
    product: "smile-10gb-30d",
    customerIdLabel: "Account or device number",
    customerId: "1402123456",
    name: "TEST CUSTOMER",
    sent: { serviceID: "smile-direct", variation_code: "624", billersCode: "1402123456" },
  },
] as const;

for (const bill of FIXED_PRICE_BILLS) {
  test(`${bill.path}: verified, paid through VTpass`, async ({ page }) => {
    const account = await reseller(page);
    await page.goto(`/buy/${bill.path}`);
    await page.getByLabel(bill.productLabel).selectOption(bill.product);
    await page.getByLabel(bill.customerIdLabel).fill(bill.customerId);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("customer-name")).toHaveText(bill.name);
    if ("phone" in bill) await page.getByLabel("Customer's phone (optional)").fill(bill.phone);
    await page.getByRole("button", { name: "Continue" }).click();
    await confirmButton(page).click();
    const delivered = await expectBoughtThroughVtpass(page, account.accountId, bill.sent);
    // A WAEC card's serial and PIN, as VTpass sent them; nothing for what is credited directly.
    const [card] = delivered.cards ?? [];
    await expect(page.getByTestId("purchase-serial")).toHaveText(card ? [card.Serial] : []);
    await expect(page.getByTestId("purchase-pin")).toHaveText(card ? [grouped(card.Pin)] : []);
  });
}

test("cable TV: the current subscription renewed, at the amount VTpass's verification states", async ({ page }) => {
  const account = await reseller(page);
  const padi = await (await catalogDb()).billProduct.findUniqueOrThrow({ where: { id: "dstv-padi" } });
  const renewalNaira = Number(padi.costPrice) / 100;
  fake.subscriptions.set("7012345679", { bouquet: "DStv Padi", renewalAmount: renewalNaira.toFixed(2) });
  await page.goto("/buy/cable-tv");
  await page.getByLabel("Package").selectOption("dstv-padi");
  await page.getByLabel("Smartcard / IUC number").fill("7012345679");
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByRole("radio", { name: "Renew the current subscription (DStv Padi)" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Renewal of the current subscription")).toBeVisible();
  await confirmButton(page).click();
  await expectBoughtThroughVtpass(page, account.accountId, {
    serviceID: "dstv",
    billersCode: "7012345679",
    subscription_type: "renew",
    amount: renewalNaira,
  });
  expect(fake.payRequests.at(-1)!.body).not.toHaveProperty("variation_code");
  expect((await moneyFacts(account.accountId)).transactions[0]!.amount).toBe(padi.price);
});

test("education: a WAEC PIN without the customer's phone is refused before anything is charged", async ({ page }) => {
  const account = await reseller(page);
  await page.goto("/buy/education");
  await page.getByLabel("Product").selectOption("waec-result-checker");
  await page.getByLabel("Candidate or phone number").fill("candidate-77");
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await confirmButton(page).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("tells its orders apart by the phone number");
  const facts = await moneyFacts(account.accountId);
  expect(facts.transactions).toHaveLength(0);
  expect(facts.balance).toBe(FUNDING);
});

test("electricity: the token and units VTpass returns are shown", async ({ page }) => {
  const account = await reseller(page);
  await page.goto("/buy/electricity");
  await page.getByLabel("Distribution company").selectOption("ikeja-electric-prepaid");
  await page.getByLabel("Meter number").fill("45012345678");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("customer-name")).toHaveText("TEST CUSTOMER");
  await page.getByLabel("Amount (₦)").fill("5,000");
  await page.getByRole("button", { name: "Continue" }).click();
  await confirmButton(page).click();
  const delivered = await expectBoughtThroughVtpass(page, account.accountId, {
    serviceID: "ikeja-electric",
    variation_code: "prepaid",
    billersCode: "45012345678",
    amount: 5000,
  });
  await expect(page.getByTestId("purchase-token")).toHaveText(grouped(delivered.token!));
  await expect(page.getByTestId("purchase-units")).toHaveText(delivered.units!);
});
