/**
 * The portal's header keeps "Sign out" on the brand's row, with the Test data switch beside it (docs/integrating.md
 * "Test mode"); the owner's eight pages take a row of their own below, at 1280px as on a phone.
 */
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createTestAccount, signIn, signInNewAccount } from "./fixtures/data";
import { expectFitsScreen } from "./fixtures/layout";

async function rowOf(page: Page, locator: ReturnType<Page["getByRole"]>): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on the page");
  return box.y + box.height / 2;
}

for (const width of [1280, 390]) {
  test(`an owner's header at ${width}px keeps Sign out beside the brand`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const account = await signInNewAccount(page, "owner");
    const header = page.getByRole("banner");
    const brand = header.getByText("Reseller Portal");
    const signOut = header.getByRole("button", { name: "Sign out" });
    const firstPage = header.getByRole("link", { name: "Dashboard" });
    const lastPage = header.getByRole("link", { name: "Invoices" });
    const testData = header.getByRole("switch", { name: "Test data" });
    await expect(signOut).toBeInViewport();
    expect(Math.abs((await rowOf(page, signOut)) - (await rowOf(page, brand)))).toBeLessThan(8);
    expect(Math.abs((await rowOf(page, testData)) - (await rowOf(page, brand)))).toBeLessThan(8);
    // The pages on a row of their own, all on one row where there is room.
    expect(await rowOf(page, firstPage)).toBeGreaterThan((await rowOf(page, brand)) + 16);
    if (width >= 1024) {
      expect(Math.abs((await rowOf(page, lastPage)) - (await rowOf(page, firstPage)))).toBeLessThan(8);
      // The email is shown whole beside the switch, not squeezed out by it.
      const email = header.getByText(account.owner.email);
      await expect(email).toBeVisible();
      expect(await email.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    await expectFitsScreen(page);
    await page.screenshot({ path: `/tmp/f-header-${width}.png` });
  });
}

test("a long e-mail does not scroll a phone's page sideways", async ({ page }) => {
  const { createUser } = await import("../src/server/services/users/create-user");
  const account = await createTestAccount({ funding: 0n });
  // One word far wider than 390px, without a hyphen (where a browser may wrap by itself): nothing in it
  // to wrap at unless the page allows it.
  const mailbox = `accountspayable${randomBytes(6).toString("hex")}mailboxofthereseller`;
  const user = { email: `${mailbox}@resellercompanyaccountsdepartment.e2e.test`, password: "e2e-password-123" };
  await createUser({ kind: "cli", label: "cli:e2e" }, { ...user, role: "STAFF", accountId: account.accountId });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, user);
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
  await expectFitsScreen(page);
});
