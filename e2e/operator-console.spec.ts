/**
 * The operator console as the demo operator: funding, the allowlist (and what the API then admits),
 * the two settings, revoking a key, the account's users, and the audit log of all of it. Each test
 * works on fresh accounts from createTestAccount, so tests never share state.
 */
import { expect, test, type Page } from "@playwright/test";
import { formatNaira } from "../src/components/money";
import { request } from "../src/test/http";
import { createTestAccount, unique, type TestAccount } from "./fixtures/data";
import { DEMO_USERS, storageStatePath } from "./fixtures/demo";
import { E2E_PORT } from "./fixtures/e2e-server";
import { expectFitsScreen } from "./fixtures/layout";

test.use({ storageState: storageStatePath("operator") });

const OPERATOR_EMAIL = DEMO_USERS.operator.email;
// An IPv4 literal: the request must leave from a chosen loopback address, which "localhost" (maybe ::1) cannot.
const API_BASE = `http://127.0.0.1:${E2E_PORT}/api/v1`;
/** Where the browser's requests come from, as the server records it. */
const LOOPBACK = /127\.0\.0\.1|::1/;

const cli = { kind: "cli", label: "cli:e2e" } as const;

async function balanceFrom(account: TestAccount, localAddress: string) {
  const response = await request(`${API_BASE}/balance`, {
    headers: { authorization: `Bearer ${account.apiKey}` },
    localAddress,
  });
  return { status: response.status, body: response.json() as { errors?: { name: string; reason: string }[]; balance?: number } };
}

async function openAccount(page: Page, account: TestAccount) {
  await page.goto(`/operator/accounts/${account.accountId}`);
  await expect(page.getByRole("heading", { level: 1, name: account.name })).toBeVisible();
}

test("finding an account and funding its wallet shows the new balance and ledger entry", async ({ page }) => {
  const account = await createTestAccount({ funding: 1_000_000n });
  const reference = unique("TRF");

  await page.goto("/operator");
  await page.getByLabel("Search accounts").fill(account.name.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=/);
  const row = page.getByRole("list", { name: "Accounts" }).getByRole("listitem").filter({ hasText: account.name });
  await expect(row).toContainText(formatNaira(1_000_000n));
  await expect(row).toContainText("Required · 2 entries");
  await row.getByRole("link", { name: account.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: account.name })).toBeVisible();
  await expect(page.getByTestId("account-balance")).toHaveText(formatNaira(1_000_000n));

  const form = page.getByRole("form", { name: "Fund wallet" });
  // A mistyped amount is caught before anything is sent.
  await form.getByLabel("Amount (₦)").fill("15,00.5.0");
  await form.getByLabel("Reference").fill(reference);
  await form.getByRole("button", { name: "Review funding" }).click();
  await expect(form.getByRole("alert")).toContainText("Enter an amount in naira");

  await form.getByLabel("Amount (₦)").fill("1,500.50");
  await form.getByLabel("Note (optional)").fill("Bank transfer");
  await form.getByRole("button", { name: "Review funding" }).click();

  const dialog = page.getByRole("dialog", { name: "Confirm wallet funding" });
  await expect(dialog).toContainText(account.name);
  await expect(dialog).toContainText("₦1,500.50");
  await expect(dialog).toContainText("150,050 kobo");
  await expect(dialog).toContainText(reference);
  await dialog.getByRole("button", { name: "Fund ₦1,500.50" }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole("status").filter({ hasText: "Funded ₦1,500.50" })).toContainText(`New balance: ${formatNaira(1_150_050n)}`);
  await expect(page.getByTestId("account-balance")).toHaveText(formatNaira(1_150_050n));
  const newest = page.getByRole("list", { name: "Recent ledger entries" }).getByRole("listitem").first();
  await expect(newest).toContainText("Funding");
  await expect(newest).toContainText("+₦1,500.50");
  await expect(newest).toContainText(formatNaira(1_150_050n));
  await expect(newest).toContainText(`Ref ${reference}`);
  await expect(newest).toContainText(OPERATOR_EMAIL);

  // The same reference again is refused in plain words, and nothing is credited.
  await form.getByLabel("Amount (₦)").fill("1500.50");
  await form.getByLabel("Reference").fill(reference);
  await form.getByRole("button", { name: "Review funding" }).click();
  await page.getByRole("dialog", { name: "Confirm wallet funding" }).getByRole("button", { name: "Fund ₦1,500.50" }).click();
  await expect(form.getByRole("alert").first()).toContainText(
    `already been funded with the reference “${reference}”, so nothing was credited`,
  );
  await expect(page.getByTestId("account-balance")).toHaveText(formatNaira(1_150_050n));
});

test("an allowlist entry added in the console changes what the API admits", async ({ page }) => {
  const account = await createTestAccount();
  // Only 127.0.0.77 on the list (createTestAccount allows all of loopback).
  const { addAllowlistEntry } = await import("../src/server/services/allowlist/add-allowlist-entry");
  const { removeAllowlistEntry } = await import("../src/server/services/allowlist/remove-allowlist-entry");
  // Loopback's range first: 127.0.0.77 inside it would be refused as already allowed.
  for (const entry of ["127.0.0.0/8", "::1"]) await removeAllowlistEntry(cli, { accountId: account.accountId, entry });
  await addAllowlistEntry(cli, { accountId: account.accountId, entry: "127.0.0.77" });

  const refused = await balanceFrom(account, "127.0.0.88");
  expect(refused.status).toBe(403);
  expect(refused.body.errors?.[0]?.name).toBe("ip.not_allowed");

  await openAccount(page, account);
  const panel = page.getByRole("region", { name: "IP allowlist" });
  await expect(panel.getByRole("list", { name: "Allowlist entries" }).getByRole("listitem")).toHaveText(["127.0.0.77One addressRemove"]);

  // Not an address: the service's reason, in words, and nothing added.
  const form = panel.getByRole("form", { name: "Add allowlist entry" });
  await form.getByLabel("Address or range").fill("300.1.2.3");
  await form.getByRole("button", { name: "Add entry" }).click();
  await expect(form.getByRole("alert")).toHaveText('"300.1.2.3" is not an IPv4 or IPv6 address or CIDR range.');
  await expect(form.getByLabel("Address or range")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Address or range").fill("127.0.0.88");
  await form.getByRole("button", { name: "Add entry" }).click();
  // A single address reads bare here as on the owner's page; a range keeps its prefix.
  await expect(form.getByRole("status")).toHaveText("Added 127.0.0.88. It takes effect on the next request.");
  await expect(panel.getByRole("listitem").filter({ hasText: "127.0.0.88" })).toBeVisible();
  await expect(panel.getByText("127.0.0.88/32")).toHaveCount(0);

  const admitted = await balanceFrom(account, "127.0.0.88");
  expect(admitted.status).toBe(200);
  expect(admitted.body.balance).toBe(1_000_000);

  // Removing it again, after a confirmation, closes the door again.
  await panel.getByRole("button", { name: "Remove 127.0.0.88" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove this allowlist entry?" });
  await expect(dialog).toContainText("127.0.0.88");
  await dialog.getByRole("button", { name: "Remove entry" }).click();
  await expect(panel.getByRole("status").filter({ hasText: "Removed 127.0.0.88." })).toBeVisible();
  await expect(panel.getByRole("listitem").filter({ hasText: "127.0.0.88" })).toHaveCount(0);
  expect((await balanceFrom(account, "127.0.0.88")).status).toBe(403);

  // The audit log has both changes, by the operator, from the browser's address.
  await page.goto(`/operator/audit?account=${account.accountId}`);
  const entries = page.getByRole("list", { name: "Audit entries, newest first" }).getByRole("listitem");
  for (const action of ["Allowlist entry removed", "Allowlist entry added"]) {
    const entry = entries.filter({ hasText: action }).filter({ hasText: "127.0.0.88" });
    await expect(entry).toContainText(OPERATOR_EMAIL);
    await expect(entry).toContainText(LOOPBACK);
  }
  // The fixture's own changes were made with the CLI, which has no address.
  await expect(entries.filter({ hasText: "Allowlist entry added" }).filter({ hasText: "127.0.0.77" })).toContainText("From CLI");
});

test("the allowlist requirement and the catalog are switched with the account's policy explained", async ({ page }) => {
  // A post-cutoff account: the requirement is fixed, and the page says why.
  const recent = await createTestAccount();
  await openAccount(page, recent);
  const requirement = page.getByRole("switch", { name: "Require an IP allowlist" });
  await expect(requirement).toBeChecked();
  await expect(requirement).toBeDisabled();
  await expect(requirement).toHaveAccessibleDescription(/created on or after 1 July 2026/);

  // A pre-cutoff account, created in the console, opts in and out.
  const name = unique("Console Older Ltd");
  await page.goto("/operator");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByLabel("Account name").fill(name);
  await page.getByLabel("Created on (optional)").fill("2026-03-01");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/operator\/accounts\/[0-9a-f-]{36}$/);
  const accountId = page.url().split("/").at(-1)!;

  const optIn = page.getByRole("switch", { name: "Require an IP allowlist" });
  await expect(optIn).not.toBeChecked();
  await expect(optIn).toBeEnabled();
  await optIn.click();
  const dialog = page.getByRole("dialog", { name: "Require an IP allowlist?" });
  await expect(dialog).toContainText("every API request of this account will be refused");
  await dialog.getByRole("button", { name: "Require allowlist" }).click();
  await expect(optIn).toBeChecked();
  await expect(page.getByRole("region", { name: "IP allowlist" }).getByRole("status")).toContainText("required but empty");

  await optIn.click();
  await page.getByRole("dialog", { name: "Stop requiring an IP allowlist?" }).getByRole("button", { name: "Stop requiring" }).click();
  await expect(optIn).not.toBeChecked();

  const catalog = page.getByRole("switch", { name: "On the product catalog" });
  await expect(catalog).not.toBeChecked();
  await catalog.click();
  await expect(catalog).toBeChecked();
  await expect(catalog).toBeEnabled();
  await page.reload();
  await expect(page.getByRole("switch", { name: "On the product catalog" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Require an IP allowlist" })).not.toBeChecked();

  // Each change is in the audit log, filtered through the form.
  await page.goto("/operator/audit");
  await page.getByLabel("Account").fill(name);
  await page.getByLabel("Action").selectOption({ label: "Allowlist requirement changed" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/action=allowlist\.require/);
  const entries = page.getByRole("list", { name: "Audit entries, newest first" }).getByRole("listitem");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText("No longer required");
  await expect(entries.nth(1)).toContainText("Now required");
  for (const entry of await entries.all()) {
    await expect(entry).toContainText(OPERATOR_EMAIL);
    await expect(entry).toContainText(LOOPBACK);
    await expect(entry).toContainText(name);
  }
  await page.getByLabel("Action").selectOption({ label: "Product catalog changed" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("Now on the product catalog");
  await expect(entries.first().getByRole("link", { name })).toHaveAttribute("href", `/operator/accounts/${accountId}`);
});

test("revoking a key in the console shuts the API to it", async ({ page }) => {
  const account = await createTestAccount();
  expect((await balanceFrom(account, "127.0.0.1")).status).toBe(200);

  await openAccount(page, account);
  const keys = page.getByRole("list", { name: "API keys", exact: true });
  await expect(keys.getByRole("listitem").filter({ hasText: "e2e" }).getByText("Active", { exact: true })).toHaveClass(/rounded-full/);
  // The key's last 4 characters tell it apart, as on the owner's page.
  await expect(keys.getByRole("listitem").filter({ hasText: "e2e" })).toContainText(`pk_live_…${account.apiKey.slice(-4)}`);
  await keys.getByRole("button", { name: "Revoke key e2e" }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke the key “e2e”?" });
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(dialog).toBeHidden();
  await expect(keys.getByRole("listitem").filter({ hasText: "e2e" })).toHaveCount(0);
  await page.getByText("Revoked keys (1)").click();
  await expect(page.getByRole("list", { name: "Revoked API keys" }).getByRole("listitem").filter({ hasText: "e2e" })).toContainText(
    "Revoked",
  );
  await expect(page.getByRole("button", { name: "Revoke key e2e" })).toHaveCount(0);

  expect((await balanceFrom(account, "127.0.0.1")).status).toBe(401);

  await page.goto(`/operator/audit?account=${account.accountId}&action=key.revoke`);
  const entry = page.getByRole("list", { name: "Audit entries, newest first" }).getByRole("listitem");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("API key revoked");
  await expect(entry).toContainText("Key “e2e”");
  await expect(entry).toContainText(OPERATOR_EMAIL);
  await expect(entry).toContainText(LOOPBACK);
});

test("adding, disabling and enabling an account's users", async ({ page }) => {
  const account = await createTestAccount();
  await openAccount(page, account);
  const panel = page.getByRole("region", { name: "Users" });
  await expect(panel.getByRole("list", { name: "Users" }).getByRole("listitem").filter({ hasText: account.owner.email })).toContainText(
    "Owner",
  );

  const email = `${unique("new-staff")}@e2e.test`;
  await panel.getByRole("button", { name: "Add user" }).click();
  const form = panel.getByRole("form", { name: "Add user" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption("STAFF");
  await form.getByLabel("Initial password").fill("short");
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(form.getByRole("alert")).toHaveText("Must be at least 8 characters.");
  await form.getByLabel("Initial password").fill("a-long-enough-password");
  await form.getByRole("button", { name: "Add user" }).click();
  await expect(panel.getByRole("status")).toContainText(`Added ${email}`);
  const row = panel.getByRole("list", { name: "Users" }).getByRole("listitem").filter({ hasText: email });
  await expect(row).toContainText("Staff");
  // The status is the same badge as on the owner's Team page (components/status-badge.tsx), not plain text.
  await expect(row.getByText("Active", { exact: true })).toHaveClass(/rounded-full/);

  await row.getByRole("button", { name: `Disable ${email}` }).click();
  await page
    .getByRole("dialog", { name: `Disable ${email}?` })
    .getByRole("button", { name: "Disable user" })
    .click();
  await expect(row).toContainText("Disabled");
  await row.getByRole("button", { name: `Enable ${email}` }).click();
  await expect(row).toContainText("Active");
  await expect(row.getByRole("button", { name: `Disable ${email}` })).toBeVisible();
});

test("an unknown account id reads as not found", async ({ page }) => {
  await page.goto("/operator/accounts/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { level: 1, name: "No such account" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("There is no account with this id");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the account list and an account page fit the screen without sideways scrolling", async ({ page }) => {
    // Funded, so the ledger has an entry; with its key "e2e" and its owner and staff users.
    const account = await createTestAccount({ funding: 1_000_000n });
    for (const path of [`/operator?q=${encodeURIComponent(account.name)}`, `/operator/accounts/${account.accountId}`, "/operator/audit"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: /Loading/ })).toHaveCount(0);
      await expectFitsScreen(page, path);
    }
  });
});

test("allowlist entries read as on the owner's page: a single address bare, a range with its prefix", async ({ page }) => {
  const account = await createTestAccount();
  await openAccount(page, account);
  const entries = page.getByRole("region", { name: "IP allowlist" }).getByRole("list", { name: "Allowlist entries" }).getByRole("listitem");
  await expect(entries).toHaveText(["127.0.0.0/8Range of 16,777,216 addressesRemove", "::1One addressRemove"]);
});
