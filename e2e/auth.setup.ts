/**
 * Signs in once per demo role through the real sign-in form and saves the browser state, so specs
 * start signed in (test.use({ storageState: storageStatePath("owner") })) without repeating the form.
 * The demo operator signs in with a code too (two-factor sign-in is required for operators), from the
 * secret the demo seed publishes.
 */
import { expect, test as setup } from "@playwright/test";
import { DEMO_ROLES, DEMO_USERS, storageStatePath } from "./fixtures/demo";
import { enterTwoFactorCode } from "./fixtures/two-factor";

for (const role of DEMO_ROLES) {
  setup(`sign in as ${role}`, async ({ page, baseURL }) => {
    const user = DEMO_USERS[role];
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    if (user.totpSecret) await enterTwoFactorCode(page, user.totpSecret);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
    await page.context().storageState({ path: storageStatePath(role, baseURL) });
  });
}
