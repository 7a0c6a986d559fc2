/**
 * The allowlist page: read-only entries for the owner (and staff), and the blocked-API banner for an
 * account that must have a list and has none.
 */
import { expect, test } from "@playwright/test";
import { signIn, signInNewAccount, unique } from "./fixtures/data";
import { storageStatePath } from "./fixtures/demo";
import { expectFitsScreen } from "./fixtures/layout";

const BLOCKED = "Your API keys cannot be used until your account manager adds your servers' IP addresses";

/** An account opened after the allowlist cutoff, with no entries: its API is blocked. */
async function createBlockedAccount() {
  const { createAccount } = await import("../src/server/services/accounts/create-account");
  const { createUser } = await import("../src/server/services/users/create-user");
  const operator = { kind: "cli", label: "cli:e2e" } as const;
  const { accountId } = await createAccount(operator, { name: unique("E2E Blocked"), createdAt: "2026-07-15" });
  const owner = { email: `${unique("blocked-owner")}@e2e.test`, password: "e2e-password-123" };
  await createUser(operator, { ...owner, role: "OWNER", accountId });
  return { accountId, owner };
}

test("the owner sees the entries, that a list is required by policy, and that changes go through the operator", async ({ page }) => {
  await signInNewAccount(page, "owner", { funding: 0n });
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Allowlist" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "IP allowlist" })).toBeVisible();

  const entries = page.getByRole("list", { name: "Allowed addresses" }).getByRole("listitem");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText("127.0.0.0/8");
  await expect(entries.nth(0)).toContainText("Range of 16,777,216 addresses");
  await expect(entries.nth(1)).toContainText("::1");
  await expect(entries.nth(1)).toContainText("One address");
  await expect(page.getByText("Required by policy")).toBeVisible();
  await expect(page.getByText(BLOCKED)).toHaveCount(0);
  await expect(page.getByText("This list is read-only here.")).toBeVisible();
  await expect(page.getByRole("button", { name: /add|remove|edit/i })).toHaveCount(0);
});

test("the owner is told their current address as the server sees it, and the entry that admits it", async ({ page }) => {
  await signInNewAccount(page, "owner", { funding: 0n });
  await page.goto("/allowlist");
  const yours = page.getByRole("region", { name: "Your current address" });
  // The browser reaches the e2e server on loopback, by IPv4 or IPv6 as it resolves "localhost".
  await expect(yours.getByTestId("your-address")).toHaveText(/^(127\.0\.0\.1|::1)$/);
  const address = await yours.getByTestId("your-address").textContent();
  await expect(yours).toContainText(`It is on your allowlist (${address === "::1" ? "::1" : "127.0.0.0/8"}).`);
});

test("an account that requires a list and has none gets the blocked banner", async ({ page }) => {
  const { owner } = await createBlockedAccount();
  await signIn(page, owner);
  await page.goto("/allowlist");
  await expect(page.getByRole("alert").filter({ hasText: "API access is blocked" })).toContainText(BLOCKED);
  await expect(page.getByText("No addresses yet.")).toBeVisible();
  await expect(page.getByText("Required by policy")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your current address" })).toContainText("It is not on your allowlist.");
});

test("staff may read the allowlist", async ({ page }) => {
  await signInNewAccount(page, "staff", { funding: 0n });
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Allowlist" }).click();
  await expect(page.getByRole("list", { name: "Allowed addresses" }).getByRole("listitem")).toHaveCount(2);
  await expect(page.getByText("ask your account owner to request it")).toBeVisible();
});

test("fits a phone screen with the banner showing", async ({ page }) => {
  const { owner } = await createBlockedAccount();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, owner);
  await page.goto("/allowlist");
  await expect(page.getByText(BLOCKED)).toBeVisible();
  await expectFitsScreen(page);
});

test.describe("as an operator", () => {
  test.use({ storageState: storageStatePath("operator") });

  test("is pointed to the operator console", async ({ page }) => {
    await page.goto("/allowlist");
    await expect(page.getByRole("heading", { name: "IP allowlist: not available for your role" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the operator console" })).toBeVisible();
  });
});
