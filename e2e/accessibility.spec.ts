/**
 * An axe scan (axe-core, through @axe-core/playwright, every rule it runs by default) of every portal
 * page each role is offered (src/components/portal-pages.ts), the Buy pages and a transaction's page;
 * every section of the operator console and the pages of one account and one price list, with data on
 * them, and the console's dialogs open; and the API reference at /docs. Zero violations. Each page is
 * scanned once it has settled (its data loaded), in the production build.
 */
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { OPERATOR_CONSOLE_PAGES, PORTAL_PAGES, type PortalPage } from "../src/components/portal-pages";
import { BUY_PAGES } from "./fixtures/account-pages";
import { createTestAccount, unique, type TestAccount } from "./fixtures/data";
import { signedInAs, type DemoRole } from "./fixtures/demo";
import { openDialog } from "./fixtures/dialogs";
import { demoApiKeyFileFor, E2E_PAYSTACK_URL } from "./fixtures/e2e-server";

/** Each violation as one line: the page, the rule, how many elements and the first of them. */
async function violations(page: Page, path: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${path}: ${violation.id} ×${violation.nodes.length} (${violation.help}) e.g. ${violation.nodes[0]?.target.join(" ") ?? ""}`,
  );
}

/** Nothing on the page still loading: no "Loading…", "Counting…" or the like, in the page or an open dialog. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByText(/^(Loading|Counting)\b/)).toHaveCount(0);
}

async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // Settled by what it shows, not by "networkidle", which a page need not ever reach.
  await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
  await settled(page);
}

async function buy(baseURL: string | undefined, apiKey: string, reference: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/v1/data`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ clientReference: unique(reference), planId: "mtn-1gb-30d", phone: "08031234567" }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

let transactionId: string;

test.beforeAll(async ({ baseURL }) => {
  transactionId = await buy(baseURL, readFileSync(demoApiKeyFileFor(baseURL), "utf8").trim(), "axe");
});

const ACCOUNT_ROLES: [DemoRole, PortalPage["roles"][number]][] = [
  ["owner", "OWNER"],
  ["staff", "STAFF"],
];

function offeredTo(role: PortalPage["roles"][number]): string[] {
  return Object.values(PORTAL_PAGES as Record<string, PortalPage>)
    .filter((each) => each.roles.includes(role))
    .map((each) => each.href);
}

/** A transaction's page, once beforeAll has made the purchase. */
const A_TRANSACTION = "/transactions/<a purchase>";

for (const [role, roleName] of ACCOUNT_ROLES) {
  const paths = [...new Set([...offeredTo(roleName), ...BUY_PAGES, A_TRANSACTION])];

  test.describe(`as ${role}`, () => {
    test.use({ storageState: signedInAs(role) });

    // One test per page: each has its own time, however many pages a role has.
    for (const path of paths) {
      test(`${path} has no axe violations`, async ({ page }) => {
        const address = path === A_TRANSACTION ? `/transactions/${transactionId}` : path;
        await settle(page, address);
        expect(await violations(page, address)).toEqual([]);
      });
    }
  });
}

/** What the operator's views are shown: an account with a purchase, on a price list with a price of its own. */
interface OperatorData {
  account: TestAccount;
  priceListId: string;
}

/**
 * A page of the operator's, and maybe a dialog opened on it. `name` is the address, with <…> for what
 * beforeAll made; `open` opens the dialog and gives it back once open.
 */
interface OperatorView {
  name: string;
  path: (data: OperatorData) => string;
  open?: (page: Page, data: OperatorData) => Promise<Locator>;
}

const AN_ACCOUNT = "/operator/accounts/<an account>";
const A_PRICE_LIST = "/operator/price-lists/<a price list>";
const accountPage = ({ account }: OperatorData) => `/operator/accounts/${account.accountId}`;
const priceListPage = ({ priceListId }: OperatorData) => `/operator/price-lists/${priceListId}`;

/** Clicks `button` and gives back the dialog it opens, once it has stayed open and finished loading. */
async function clickForDialog(page: Page, button: Locator, dialogName: string | RegExp): Promise<Locator> {
  await button.click();
  const dialog = await openDialog(page, dialogName);
  await settled(page);
  return dialog;
}

const OPERATOR_VIEWS: OperatorView[] = [
  ...offeredTo("OPERATOR").map((href) => ({ name: href, path: () => href })),
  ...OPERATOR_CONSOLE_PAGES.filter(({ href }) => !offeredTo("OPERATOR").includes(href)).map(({ href }) => ({
    name: href,
    path: () => href,
  })),
  { name: "/operator?q=<an account>", path: ({ account }) => `/operator?q=${encodeURIComponent(account.name)}` },
  { name: "/operator/catalog/routes/AIRTIME/mtn", path: () => "/operator/catalog/routes/AIRTIME/mtn" },
  { name: AN_ACCOUNT, path: accountPage },
  { name: A_PRICE_LIST, path: priceListPage },
  { name: "/operator/transactions?q=4567", path: () => "/operator/transactions?q=4567" },
  { name: "/operator/audit?account=<an account>", path: ({ account }) => `/operator/audit?account=${account.accountId}` },
  { name: "/transactions?account=<an account>", path: ({ account }) => `/transactions?account=${account.accountId}` },
  { name: "/invoices?accountId=<an account>", path: ({ account }) => `/invoices?accountId=${account.accountId}` },
  {
    name: "/operator/catalog, New data plan",
    path: () => "/operator/catalog",
    open: (page) => clickForDialog(page, page.getByRole("button", { name: "New data plan" }), "New data plan"),
  },
  {
    name: "/operator/catalog, New data plan with its errors",
    path: () => "/operator/catalog",
    open: async (page) => {
      const dialog = await clickForDialog(page, page.getByRole("button", { name: "New data plan" }), "New data plan");
      await dialog.getByRole("button", { name: "Create data plan" }).click();
      await expect(dialog.getByRole("alert").first()).toBeVisible();
      return dialog;
    },
  },
  {
    name: "/operator/catalog, Edit a data plan",
    path: () => "/operator/catalog",
    open: (page) => clickForDialog(page, page.getByRole("button", { name: /^Edit MTN 1GB/ }).first(), /^Edit MTN 1GB/),
  },
  {
    name: "/operator/catalog, Deactivate's confirmation",
    path: () => "/operator/catalog",
    open: (page) =>
      clickForDialog(page, page.getByRole("button", { name: /^Deactivate MTN 1GB/ }).first(), /^Take “MTN 1GB.*” off sale\?$/),
  },
  {
    name: `${AN_ACCOUNT}, Fund wallet's confirmation`,
    path: accountPage,
    open: async (page) => {
      const form = page.getByRole("form", { name: "Fund wallet" });
      await form.getByLabel("Amount (₦)").fill("1,500.50");
      await form.getByLabel("Reference").fill(unique("TRF"));
      return clickForDialog(page, form.getByRole("button", { name: "Review funding" }), "Confirm wallet funding");
    },
  },
  {
    name: `${AN_ACCOUNT}, Fund wallet with its errors`,
    path: accountPage,
    open: async (page) => {
      const form = page.getByRole("form", { name: "Fund wallet" });
      await form.getByRole("button", { name: "Review funding" }).click();
      await expect(form.getByLabel("Amount (₦)")).toHaveAttribute("aria-invalid", "true");
      return form;
    },
  },
  {
    name: `${AN_ACCOUNT}, a price of its own`,
    path: accountPage,
    open: (page) => clickForDialog(page, page.getByRole("button", { name: /^Set price of / }).first(), /^Price of .* for this account$/),
  },
  {
    name: `${AN_ACCOUNT}, Revoke key's confirmation`,
    path: accountPage,
    open: (page) => clickForDialog(page, page.getByRole("button", { name: "Revoke key e2e" }), "Revoke the key “e2e”?"),
  },
  {
    name: `${AN_ACCOUNT}, Remove an allowlist entry's confirmation`,
    path: accountPage,
    open: (page) => clickForDialog(page, page.getByRole("button", { name: "Remove 127.0.0.0/8" }), "Remove this allowlist entry?"),
  },
  {
    name: `${A_PRICE_LIST}, Rename`,
    path: priceListPage,
    open: (page) => clickForDialog(page, page.getByRole("button", { name: "Rename" }), "Rename price list"),
  },
  {
    name: `${A_PRICE_LIST}, a list price`,
    path: priceListPage,
    open: (page) => clickForDialog(page, page.getByRole("button", { name: /^Set price of .* on this list$/ }).first(), /^Price of .* on /),
  },
  {
    name: "/operator/fundings, Assign an unmatched transfer",
    path: () => "/operator/fundings",
    open: async (page) => {
      // A transfer to an account number no account of ours owns waits in the queue once Paystack's event arrives.
      const stranger = (await (await fetch(`${E2E_PAYSTACK_URL}/_fake/accounts`, { method: "POST" })).json()) as {
        data: { account_number: string };
      };
      const paid = await fetch(`${E2E_PAYSTACK_URL}/_fake/transfers`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ account_number: stranger.data.account_number, amount: 300_000, sender_name: "AXE PAYER" }),
      });
      const { reference } = ((await paid.json()) as { data: { reference: string } }).data;
      const transfer = page.getByRole("list", { name: "Unmatched transfers" }).getByRole("listitem").filter({ hasText: reference });
      await expect(async () => {
        await page.reload();
        await expect(transfer).toBeVisible({ timeout: 1_000 });
      }).toPass();
      return clickForDialog(page, transfer.getByRole("button", { name: "Assign…" }), "Assign ₦3,000.00");
    },
  },
];

test.describe("as operator", () => {
  test.use({ storageState: signedInAs("operator") });

  let data: OperatorData;
  test.beforeAll(async ({ baseURL }) => {
    const { createPriceList, assignPriceList, setPriceListPrice } = await import("../src/server/services/pricing/manage-price-lists");
    const { setAccountPrice } = await import("../src/server/services/pricing/set-account-price");
    const cli = { kind: "cli", label: "cli:e2e" } as const;
    const account = await createTestAccount();
    const { id: priceListId } = await createPriceList(cli, { name: unique("Axe list") });
    await setPriceListPrice(cli, { priceListId, planId: "mtn-1gb-30d", price: 29_000n, pricingBasis: "SPECIAL" });
    await assignPriceList(cli, { accountId: account.accountId, priceListId });
    await setAccountPrice(cli, { accountId: account.accountId, planId: "mtn-1gb-30d", price: 28_500n, pricingBasis: "SPECIAL" });
    await buy(baseURL, account.apiKey, "axe-operator");
    data = { account, priceListId };
  });

  for (const view of OPERATOR_VIEWS) {
    test(`${view.name} has no axe violations`, async ({ page }) => {
      const address = view.path(data);
      await settle(page, address);
      if (view.open) await view.open(page, data);
      expect(await violations(page, view.name)).toEqual([]);
    });
  }
});

/**
 * The API reference: every rule, as on the portal's pages, and Scalar's markup corrected where its
 * options cannot reach (src/server/api/viewer-accessibility.ts). Scanned once Scalar has read the
 * document (its title) and laid out the operations (its sidebar), then with every tag's operations
 * shown, and with the search open.
 */
async function openApiReference(page: Page): Promise<void> {
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByLabel(/^Sidebar for /)).toBeVisible();
}

test("the API reference at /docs has no axe violations", async ({ page }) => {
  await openApiReference(page);
  expect(await violations(page, "/docs")).toEqual([]);
});

test("the API reference at /docs has no axe violations with every operation shown, their schemas and examples", async ({ page }) => {
  // Every operation and schema of the document drawn at once: a very long page for Scalar to draw
  // and for axe to check, which a loaded machine takes minutes over.
  test.setTimeout(300_000);
  await openApiReference(page);
  // Each tag shows its first operations and a "Show More" for the rest.
  const showMore = page.getByRole("button", { name: /^Show More: all .* endpoints$/ });
  await expect(showMore.first()).toBeAttached();
  await showMore.evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLElement).click()));
  await expect(showMore).toHaveCount(0);
  await page.getByRole("region", { name: "Models" }).getByRole("button", { name: "Show More" }).click();
  // Every operation of the document is on the page, with its request and response examples and the schemas below.
  for (const operation of [
    "Get the wallet balance",
    "Buy a data plan",
    "Pay a bill",
    "List transactions",
    "Resend every failed delivery since a time",
  ]) {
    await expect(page.getByRole("heading", { name: operation, exact: true }), operation).toBeVisible();
  }
  const dataPlan = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Buy a data plan", exact: true }) })
    .first();
  await expect(dataPlan.getByText("clientReference").first()).toBeVisible();
  await expect(
    dataPlan
      .getByText("Example Responses")
      .or(dataPlan.getByRole("tab", { name: /Status: 201/ }))
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Transaction schema" }).first()).toBeAttached();
  expect(await violations(page, "/docs, every operation shown")).toEqual([]);
});

test("the API reference's search at /docs has no axe violations", async ({ page }) => {
  await openApiReference(page);
  await page.getByRole("button", { name: /^Open Search/ }).click();
  const search = page.getByRole("dialog", { name: "Reference Search" });
  await search.getByRole("combobox", { name: "Enter search query" }).fill("data plan");
  await expect(search.getByRole("listbox").getByText("Buy a data plan").first()).toBeVisible();
  expect(await violations(page, "/docs, search")).toEqual([]);
});
