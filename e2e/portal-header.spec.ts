/**
 * The portal's header keeps "Sign out" on the brand's row: at 1280px an owner's eight pages, the
 * email and the button share one row; on a phone the nav takes a row of its own below them.
 */
import { expect, test, type Page } from "@playwright/test";
import { signInNewAccount } from "./fixtures/data";
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
    await expect(signOut).toBeInViewport();
    expect(Math.abs((await rowOf(page, signOut)) - (await rowOf(page, brand)))).toBeLessThan(8);
    if (width >= 1024) {
      // One row: the pages sit between the brand and the button.
      expect(Math.abs((await rowOf(page, lastPage)) - (await rowOf(page, brand)))).toBeLessThan(8);
      await expect(header.getByText(account.owner.email)).toBeVisible();
    } else {
      expect(await rowOf(page, firstPage)).toBeGreaterThan((await rowOf(page, brand)) + 16);
    }
    await expectFitsScreen(page);
    await page.screenshot({ path: `/tmp/f-header-${width}.png` });
  });
}
