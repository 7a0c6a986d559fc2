/**
 * The webhooks page's add form against a second endpoint at an address the account already has: nearly
 * always a second click on "Add endpoint", which would deliver every event twice, so it is refused by
 * name. Its own account (not the demo's, which webhooks.spec.ts uses on both servers).
 */
import { expect, test } from "@playwright/test";
import { signInNewAccount, unique } from "./fixtures/data";

test("adding an endpoint at an address already used is refused with the reason, and nothing is added", async ({ page }) => {
  await signInNewAccount(page, "owner", { funding: 0n });
  await page.goto("/webhooks");
  const form = page.getByRole("form", { name: "Add an endpoint" });
  const url = `http://127.0.0.1:9/${unique("hooks")}`;
  await form.getByLabel("URL").fill(url);
  await form.getByRole("button", { name: "Add endpoint" }).click();
  const shown = page.getByRole("dialog", { name: "Endpoint added: its signing secret" });
  await expect(shown).toBeVisible();
  await shown.getByRole("button", { name: /stored/ }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByRole("region", { name: url, exact: true })).toHaveCount(1);

  // The same address again: a second click, or the same receiver added twice.
  await form.getByLabel("URL").fill(url);
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(form.getByText("URL is already the address of one of your endpoints")).toBeVisible();
  await expect(form.getByLabel("URL")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("region", { name: url, exact: true })).toHaveCount(1);
});
