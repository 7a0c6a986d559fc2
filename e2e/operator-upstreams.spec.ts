/**
 * The console's routes and Upstreams pages from end to end (issue 34, docs/operating.md "Routes and
 * failover", "Upstream health"): an operator routes a network's airtime to VTpass then Clubkonnect on its
 * routes page (a refused save shows its problem by the field and saves nothing; routes are put in order with
 * the keyboard), switches VTpass's route off, and a reseller's purchase goes through Clubkonnect, by
 * Clubkonnect's own books; then the operator switches Clubkonnect off on the Upstreams page, is told the
 * network's airtime goes off sale with it, and sees it listed off sale, and the reseller's API refuses it
 * with nothing charged.
 *
 * A server of this spec's own vends through a fake VTpass and a fake Clubkonnect that the spec runs, on the
 * e2e database. Routes are set for every server at once, so the spec routes a network of its own, which
 * no other spec buys, and takes it off sale (and its routes away) when it is done.
 */
import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type Cookie, type Page } from "@playwright/test";
import { startFakeClubkonnect, type FakeClubkonnect } from "../src/test/fake-clubkonnect";
import { startFakeVtpass, type FakeVtpass } from "../src/test/fake-vtpass";
import { confirmButton, moneyFacts, putOnProductCatalog } from "./buy-helpers";
import { createTestAccount, signIn, unique, type TestAccount } from "./fixtures/data";
import { DEMO_USERS } from "./fixtures/demo";
import { E2E_PORT } from "./fixtures/e2e-server";
import { startSpecServer, type SpecServer } from "./fixtures/spec-server";
import { expectFitsScreen } from "./fixtures/layout";

const PORT = Number(process.env.E2E_ROUTES_PORT ?? E2E_PORT + 4);
const BASE_URL = `http://localhost:${PORT}`;
const FUNDING = 10_000_000n;
const cli = { kind: "cli", label: "cli:e2e" } as const;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: BASE_URL, storageState: { cookies: [], origins: [] } });

let vtpass: FakeVtpass;
let clubkonnect: FakeClubkonnect;
let server: SpecServer | undefined;
const network = { id: unique("e2e-routed"), name: `Routed ${randomBytes(3).toString("hex")}` };
const productName = `${network.name} airtime`;
let reseller: TestAccount;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  vtpass = await startFakeVtpass();
  clubkonnect = await startFakeClubkonnect();
  const { createNetwork } = await import("../src/server/services/catalog/save-network");
  await createNetwork(cli, { id: network.id, name: network.name, airtimeMinAmount: "5000", airtimeMaxAmount: "5000000", sortOrder: 999 });
  reseller = await createTestAccount({ funding: FUNDING });
  await putOnProductCatalog(reseller.accountId);
  server = await startSpecServer("routes", PORT, {
    ...vtpass.env({ VTPASS_TIMEOUT_MS: "5000", VTPASS_QUERY_TIMEOUT_MS: "2000", VTPASS_DEFAULT_PHONE: "08011111111" }),
    ...clubkonnect.env(),
  });
});

test.afterAll(async () => {
  await server?.stop();
  // Whatever a failed test left: no routes, Clubkonnect on, the network off sale.
  const { setProductRoutes } = await import("../src/server/services/routing/set-product-routes");
  const { setUpstreamEnabled } = await import("../src/server/services/routing/set-upstream-enabled");
  const { updateNetwork } = await import("../src/server/services/catalog/save-network");
  await setProductRoutes(cli, { service: "AIRTIME", productCode: network.id, routes: [] });
  await setUpstreamEnabled(cli, { provider: "clubkonnect", enabled: true });
  const { setUpstreamFloor } = await import("../src/server/services/routing/set-upstream-floor");
  await setUpstreamFloor(cli, { provider: "vtpass", floor: 0 });
  await updateNetwork(cli, { id: network.id, active: false });
  await vtpass?.close();
  await clubkonnect?.close();
});

/**
 * The operator signs in once for the whole spec; later tests reuse that session. A second sign-in within
 * the same 30 s would present a two-factor code already spent, be refused (a failed sign-in from this
 * address, counted against the whole run's limit) and wait for the next code.
 */
let operatorCookies: Cookie[] | null = null;
async function signInOperator(page: Page) {
  if (operatorCookies) {
    await page.context().addCookies(operatorCookies);
    return;
  }
  await signIn(page, DEMO_USERS.operator);
  operatorCookies = await page.context().cookies();
}

/** The reseller's staff, in a browser of their own on this spec's server. */
async function resellerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, reseller.staff);
  return page;
}

const route = (page: Page, position: number) => page.getByRole("group", { name: `Route ${position}` });

test("an operator routes airtime to VTpass then Clubkonnect, switches VTpass's route off, and a purchase goes through Clubkonnect", async ({
  page,
  browser,
}) => {
  await signInOperator(page);
  await page.goto("/operator/catalog");
  await page.getByRole("link", { name: `Routes for ${productName}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Routes: ${productName}` })).toBeVisible();
  await expect(page.getByText("No routes: orders go to the default upstream")).toBeVisible();

  // Clubkonnect first, then VTpass; then VTpass moved up with the keyboard.
  await page.getByRole("button", { name: "Add a route" }).click();
  await route(page, 1).getByLabel("Upstream", { exact: true }).selectOption("clubkonnect");
  await route(page, 1).getByLabel("Upstream service").fill("01");
  await route(page, 1).getByLabel("Commission (%)").fill("3.5");
  await page.getByRole("button", { name: "Add a route" }).click();
  await route(page, 2).getByLabel("Upstream", { exact: true }).selectOption("clubkonnect");
  await route(page, 2).getByLabel("Upstream service").fill("mtn");
  await route(page, 2).getByLabel("Commission (%)").fill("three");

  // Refused in the browser (not a percentage), then by the server (Clubkonnect twice): each by its field, nothing saved.
  await page.getByRole("button", { name: "Save routes" }).click();
  await expect(route(page, 2).getByText("Enter a percentage from 0 to 100")).toBeVisible();
  await route(page, 2).getByLabel("Commission (%)").fill("3");
  await page.getByRole("button", { name: "Save routes" }).click();
  await expect(route(page, 2).getByRole("alert")).toContainText(/clubkonnect is already a route/i);
  await expect(route(page, 2).getByLabel("Upstream", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await page.reload();
  await expect(page.getByText("No routes: orders go to the default upstream")).toBeVisible();

  await page.getByRole("button", { name: "Add a route" }).click();
  await route(page, 1).getByLabel("Upstream", { exact: true }).selectOption("clubkonnect");
  await route(page, 1).getByLabel("Upstream service").fill("01");
  await route(page, 1).getByLabel("Commission (%)").fill("3.5");
  await page.getByRole("button", { name: "Add a route" }).click();
  await route(page, 2).getByLabel("Upstream", { exact: true }).selectOption("vtpass");
  await route(page, 2).getByLabel("Upstream service").fill("mtn");
  await route(page, 2).getByLabel("Commission (%)").fill("3");
  await page.getByRole("button", { name: "Move route 2 (VTpass) up" }).focus();
  await page.keyboard.press("Enter");
  await expect(route(page, 1).getByLabel("Upstream", { exact: true })).toHaveValue("vtpass");
  await page.getByRole("button", { name: "Save routes" }).click();
  await expect(page.getByText("Saved 2 routes: VTpass, then Clubkonnect.")).toBeVisible();
  const saved = page.getByRole("list", { name: "Saved routes, in order" }).getByRole("listitem");
  await expect(saved).toHaveCount(2);
  await expect(saved.nth(0)).toContainText("1. VTpass");
  await expect(saved.nth(1)).toContainText("2. Clubkonnect");
  await expect(saved.nth(1)).toContainText("3.5% commission");

  await page.getByRole("button", { name: "Switch off the route to VTpass" }).click();
  await expect(page.getByText("The route to VTpass is switched off.")).toBeVisible();
  await expect(saved.nth(0)).toContainText("Switched off");
  await expectFitsScreen(page, "routes page");

  // The catalog's row names the routes in order.
  await page.getByRole("link", { name: "Back to the catalog" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: network.id })).toContainText("Routes: VTpass (off) → Clubkonnect");

  // The audit log says what changed in words.
  await page.goto("/operator/audit?action=routes.set");
  await expect(page.getByText("Routes: none → 1. vtpass (mtn) 3% · 2. clubkonnect (01) 3.5%").first()).toBeVisible();

  const buyer = await resellerPage(browser);
  await buyer.goto("/buy/airtime");
  await buyer.getByRole("radio", { name: network.name, exact: true }).check();
  await buyer.getByLabel("Phone number").fill("08031234567");
  await buyer.getByLabel("Amount (₦)").fill("1,500");
  await buyer.getByRole("button", { name: "Continue" }).click();
  await confirmButton(buyer).click();
  await expect(buyer.getByRole("heading", { name: "Purchase successful" })).toBeVisible();

  const facts = await moneyFacts(reseller.accountId);
  expect(facts.transactions).toHaveLength(1);
  const [transaction] = facts.transactions;
  expect(transaction).toMatchObject({ status: "SUCCESSFUL", provider: "clubkonnect", amount: 150_000n });
  expect(facts.balance).toBe(FUNDING - 150_000n);
  // By each fake's own books: Clubkonnect executed it once, on network 01; VTpass never heard of it.
  const order = clubkonnect.orders.get(transaction!.upstreamRequestId!);
  expect(order).toMatchObject({
    status: "ORDER_COMPLETED",
    params: expect.objectContaining({ MobileNetwork: "01", MobileNumber: "08031234567" }),
  });
  expect(vtpass.payRequests).toHaveLength(0);
});

test("switching Clubkonnect off takes the network's airtime off sale, as the confirmation said, and the API refuses it", async ({
  page,
}) => {
  await signInOperator(page);
  await page.goto("/operator/upstreams");
  await expect(page.getByRole("heading", { level: 1, name: "Upstreams" })).toBeVisible();
  const panel = page.getByRole("region", { name: /^Clubkonnect/ });
  await expect(panel).toContainText("Orders, last hour");
  await expect(panel.getByText(/No floor/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Off sale: every route down" })).toContainText("Every routed product has a route up.");

  await page.getByRole("button", { name: "Switch off Clubkonnect" }).click();
  const dialog = page.getByRole("dialog", { name: "Switch off Clubkonnect?" });
  await expect(dialog.getByRole("list", { name: "Products that go off sale with Clubkonnect" })).toContainText(productName);
  await dialog.getByLabel("Reason (optional)").fill("e2e: maintenance");
  await dialog.getByRole("button", { name: "Switch off Clubkonnect" }).click();
  await expect(page.getByText("Clubkonnect is switched off.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Products off sale" })).toContainText(productName);
  await expect(panel).toContainText("Switched off by an operator: e2e: maintenance");
  await expectFitsScreen(page, "Upstreams page");

  const charged = (await moneyFacts(reseller.accountId)).balance;
  const response = await fetch(`${BASE_URL}/api/v1/airtime`, {
    method: "POST",
    headers: { authorization: `Bearer ${reseller.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ clientReference: unique("off-sale"), networkId: network.id, phone: "08031234567", amount: 150_000 }),
  });
  expect(response.status).toBe(503);
  expect(response.headers.get("content-type")).toContain("application/problem+json");
  expect((await moneyFacts(reseller.accountId)).balance).toBe(charged);

  // Switched on again without asking: nothing goes off sale by it.
  await page.getByRole("button", { name: "Switch on Clubkonnect" }).click();
  await expect(page.getByText("Clubkonnect is switched on.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Off sale: every route down" })).toContainText("Every routed product has a route up.");
});

/** A purchase of the routed network's airtime through the reseller's API: its answer and where it was vended. */
async function buyAirtime(phone: string) {
  const response = await fetch(`${BASE_URL}/api/v1/airtime`, {
    method: "POST",
    headers: { authorization: `Bearer ${reseller.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ clientReference: unique("floor"), networkId: network.id, phone, amount: 150_000 }),
  });
  const body = (await response.json()) as { id?: string; status?: string };
  const facts = await moneyFacts(reseller.accountId);
  return { status: response.status, body, stored: facts.transactions.find(({ id }) => id === body.id) };
}

test("a floor set on VTpass above its balance sends VTpass's orders to Clubkonnect until VTpass is funded and read again", async ({
  page,
}) => {
  const { setRouteEnabled } = await import("../src/server/services/routing/set-route-enabled");
  await setRouteEnabled(cli, { service: "AIRTIME", productCode: network.id, provider: "vtpass", enabled: true });
  vtpass.balance = 250_000;
  await signInOperator(page);
  await page.goto("/operator/upstreams");
  const panel = page.getByRole("region", { name: /^VTpass/ });
  await page.getByRole("button", { name: "Read balances now" }).click();
  await expect(page.getByText(/Read: .*VTpass ₦250,000\.00/)).toBeVisible();

  // Refused in the browser (not an amount), then by the server (more than it takes): by the field, nothing saved.
  const floor = panel.getByLabel("Floor (₦)");
  await floor.fill("-5");
  await panel.getByRole("button", { name: "Save floor" }).click();
  await expect(panel.getByText(/Enter an amount in naira/)).toBeVisible();
  await expect(floor).toHaveAttribute("aria-invalid", "true");
  await floor.fill("200,000,000");
  await panel.getByRole("button", { name: "Save floor" }).click();
  await expect(panel.getByText(/The floor must be at most/)).toBeVisible();
  await page.reload();
  await expect(panel.getByText(/No floor/)).toBeVisible();

  await panel.getByLabel("Floor (₦)").fill("300,000");
  await panel.getByRole("button", { name: "Save floor" }).click();
  await expect(panel.getByText(/VTpass's floor is ₦300,000\.00: its last balance read is below it/)).toBeVisible();
  await expect(panel.getByText("Below floor", { exact: true })).toBeVisible();
  await expectFitsScreen(page, "Upstreams page with a floor");

  // VTpass first in the routes, but below its floor: sold through Clubkonnect, no request reaching VTpass.
  const sentToVtpass = vtpass.payRequests.length;
  const diverted = await buyAirtime("08031234568");
  expect(diverted.status).toBe(201);
  expect(diverted.body.status).toBe("successful");
  expect(diverted.stored).toMatchObject({ status: "SUCCESSFUL", provider: "clubkonnect" });
  expect(vtpass.payRequests).toHaveLength(sentToVtpass);

  // Funded, and read: VTpass takes its orders again.
  vtpass.balance = 400_000;
  await page.getByRole("button", { name: "Read balances now" }).click();
  await expect(page.getByText(/Read: .*VTpass ₦400,000\.00/)).toBeVisible();
  await expect(panel.getByText("Below floor", { exact: true })).toHaveCount(0);
  const restored = await buyAirtime("08031234569");
  expect(restored.stored).toMatchObject({ status: "SUCCESSFUL", provider: "vtpass" });
  expect(vtpass.payRequests).toHaveLength(sentToVtpass + 1);

  // The audit log says it in words: the floor set, and the balance back above it.
  await page.goto("/operator/audit?action=upstream.floor");
  await expect(page.getByText("Floor: none → ₦300,000.00").first()).toBeVisible();
  await page.goto("/operator/audit?action=upstream.above_floor");
  await expect(page.getByText(/vtpass: balance ₦400,000\.00, at or above its floor of ₦300,000\.00/).first()).toBeVisible();
});
