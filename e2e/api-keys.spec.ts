/**
 * The owner's API keys page: a key created in the portal is shown once, works against the REST API,
 * and is refused from the request after its revocation. Other roles are turned away.
 */
import { expect, test, type Page } from "@playwright/test";
import { signInNewAccount, type TestAccount } from "./fixtures/data";
import { storageStatePath } from "./fixtures/demo";
import { E2E_BASE_URL } from "./fixtures/e2e-server";
import { expectFitsScreen } from "./fixtures/layout";

async function balanceStatus(apiKey: string): Promise<number> {
  const response = await fetch(`${E2E_BASE_URL}/api/v1/balance`, { headers: { authorization: `Bearer ${apiKey}` } });
  return response.status;
}

function keyRow(page: Page, name: string) {
  return page.getByRole("list", { name: "API keys", exact: true }).getByRole("listitem").filter({ hasText: name });
}

function revokedRow(page: Page, name: string) {
  return page.getByRole("list", { name: "Revoked API keys" }).getByRole("listitem").filter({ hasText: name });
}

test.describe("as the owner", () => {
  let account: TestAccount;
  test.beforeEach(async ({ page }) => {
    account = await signInNewAccount(page, "owner");
  });

  test("creates a key shown once, which works until it is revoked in the portal", async ({ page, context }) => {
    test.slow();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "API keys" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
    // The fixture's key, never used yet.
    await expect(keyRow(page, "e2e")).toContainText("Never");
    await expect(keyRow(page, "e2e")).toContainText("Active");

    await page.getByLabel("Key name").fill("Production server");
    await page.getByRole("button", { name: "Create key" }).click();

    const dialog = page.getByRole("dialog", { name: "Your new API key" });
    await expect(dialog).toContainText("This is the only time the key is shown. Store it in your server's secrets now.");
    const apiKey = await dialog.getByLabel("API key “Production server”").inputValue();
    expect(apiKey).toMatch(/^pk_live_[0-9A-Za-z]{40}$/);
    await dialog.getByRole("button", { name: "Copy key" }).click();
    await expect(dialog.getByText("Copied to the clipboard.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apiKey);

    await dialog.getByRole("button", { name: "I've stored the key" }).click();
    await expect(dialog).toBeHidden();
    await expect(keyRow(page, "Production server")).toContainText("Active");
    // Told apart from the others by its last 4 characters, never more of it.
    await expect(keyRow(page, "Production server")).toContainText(`pk_live_…${apiKey.slice(-4)}`);
    expect(await page.content()).not.toContain(apiKey.slice(-5));
    // Gone for good: neither on the page now nor after a reload.
    expect(await page.content()).not.toContain(apiKey);
    await page.reload();
    await expect(keyRow(page, "Production server")).toBeVisible();
    expect(await page.content()).not.toContain(apiKey);

    expect(await balanceStatus(apiKey)).toBe(200);
    // Its use shows up as "last used" (recorded in the background, so look again until it is there).
    await expect(async () => {
      await page.reload();
      await expect(keyRow(page, "Production server")).not.toContainText("Never", { timeout: 1000 });
    }).toPass();

    await keyRow(page, "Production server").getByRole("button", { name: "Revoke Production server" }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke “Production server”?" });
    await expect(confirm).toContainText("refused from its very next request");
    await confirm.getByRole("button", { name: "Revoke key" }).click();
    await expect(confirm).toBeHidden();
    // A revoked key leaves the working ones for a section of its own, folded away until asked for.
    await expect(keyRow(page, "Production server")).toHaveCount(0);
    await expect(keyRow(page, "e2e")).toContainText("Active");
    await expect(revokedRow(page, "Production server")).toBeHidden();
    await page.getByText("Revoked keys (1)").click();
    await expect(revokedRow(page, "Production server")).toContainText("Revoked");
    await expect(revokedRow(page, "Production server").getByRole("button", { name: /Revoke/ })).toHaveCount(0);

    expect(await balanceStatus(apiKey)).toBe(401);
    // The account's other key is untouched.
    expect(await balanceStatus(account.apiKey)).toBe(200);
  });

  test("cancelling a revocation keeps the key, and an empty name is explained", async ({ page }) => {
    await page.goto("/api-keys");
    await page.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByText("Name is required.")).toBeVisible();
    await expect(page.getByLabel("Key name")).toHaveAttribute("aria-invalid", "true");

    await keyRow(page, "e2e").getByRole("button", { name: "Revoke e2e" }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke “e2e”?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await keyRow(page, "e2e").getByRole("button", { name: "Revoke e2e" }).click();
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(keyRow(page, "e2e")).toContainText("Active");
    expect(await balanceStatus(account.apiKey)).toBe(200);
  });

  test("Escape on the new key's dialog gives the focus back to the button that opened it", async ({ page }) => {
    await page.goto("/api-keys");
    await page.getByLabel("Key name").fill("Escape hatch");
    const create = page.getByRole("button", { name: "Create key" });
    await create.click();
    const dialog = page.getByRole("dialog", { name: "Your new API key" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // Not <body>: a keyboard user carries on from where they were.
    await expect(create).toBeFocused();
  });

  test("fits a phone screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/api-keys");
    await expect(keyRow(page, "e2e")).toBeVisible();
    await expectFitsScreen(page);
  });
});

test("staff are told the page is not for their role", async ({ page }) => {
  await signInNewAccount(page, "staff", { funding: 0n });
  await expect(page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "API keys" })).toHaveCount(0);
  await page.goto("/api-keys");
  await expect(page.getByRole("heading", { name: "API keys: not available for your role" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create key" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Back to your dashboard" })).toHaveAttribute("href", "/dashboard");
});

test.describe("as an operator", () => {
  test.use({ storageState: storageStatePath("operator") });

  test("is pointed to the operator console", async ({ page }) => {
    await page.goto("/api-keys");
    await expect(page.getByRole("heading", { name: "API keys: not available for your role" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the operator console" })).toHaveAttribute("href", "/operator");
  });
});
