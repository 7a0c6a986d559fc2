/**
 * Issue 35, item 10's small things: a skip link before the header's tab stops, the API reference linked
 * from every portal page, and the show-once key dialog opening it in a new tab (leaving would lose the key).
 */
import { expect, test } from "@playwright/test";
import { signInNewAccount } from "./fixtures/data";

test("the first tab stop skips the header to the page", async ({ page }) => {
  await signInNewAccount(page, "owner");
  await page.goto("/transactions");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  // The next stop is the page's own first control, not the header's navigation.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.closest("header"))).toBeNull();
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
});

test("every portal page links to the API reference, and the new test key's dialog opens it in a new tab", async ({ page }) => {
  await signInNewAccount(page, "owner");
  for (const path of ["/dashboard", "/webhooks", "/api-keys"]) {
    await page.goto(path);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/docs");
  }
  await page.getByLabel("Key name").fill("Staging server");
  await page.getByRole("radio", { name: /^Test/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Your new API key" });
  const reference = dialog.getByRole("link", { name: /API reference/ });
  await expect(reference).toHaveAttribute("target", "_blank");
  await expect(reference).toHaveAccessibleName(/opens in a new tab/);
});
