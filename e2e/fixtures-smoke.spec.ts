import { expect, test } from "@playwright/test";
import { createTestAccount, signIn } from "./fixtures/data";

test("a fixture account's owner can sign in", async ({ page }) => {
  const account = await createTestAccount();
  await signIn(page, account.owner);
  await expect(page.getByText(`Signed in as ${account.owner.email}`)).toBeVisible();
});
