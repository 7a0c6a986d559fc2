/**
 * The owner's team page: adding a staff user who can then sign in, and disabling them, which ends
 * their session on its next navigation; enabling lets them back in. Staff are turned away.
 */
import { expect, test, type Page } from "@playwright/test";
import { createTestAccount, signIn, signInNewAccount, unique } from "./fixtures/data";
import { expectFitsScreen } from "./fixtures/layout";

function memberRow(page: Page, email: string) {
  return page.getByRole("list", { name: "Team members" }).getByRole("listitem").filter({ hasText: email });
}

test("the owner adds a staff user, disables them (bouncing their session) and enables them again", async ({ page, browser }) => {
  // Two people, four sign-ins and bcrypt at every one of them: longer than the default budget.
  test.slow();
  const account = await signInNewAccount(page, "owner", { funding: 0n });
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  await expect(memberRow(page, account.owner.email)).toContainText("(you)");
  await expect(memberRow(page, account.owner.email).getByRole("button")).toHaveCount(0);

  const newcomer = { email: `${unique("new-staff")}@e2e.test`, password: "temporary-pass-1" };
  await page.getByLabel("Email").fill(newcomer.email);
  await page.getByLabel("Name (optional)").fill("Ada Obi");
  await page.getByLabel("Temporary password").fill(newcomer.password);
  await page.getByRole("button", { name: "Add staff user" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Added ${newcomer.email}` })).toBeVisible();
  await expect(memberRow(page, newcomer.email)).toContainText("Ada Obi");
  await expect(memberRow(page, newcomer.email)).toContainText("Active");
  await expect(page.getByLabel("Email")).toHaveValue("");

  // The newcomer signs in on a browser of their own.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signIn(staffPage, newcomer);
  await staffPage.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Allowlist" }).click();
  await expect(staffPage.getByRole("heading", { level: 1, name: "IP allowlist" })).toBeVisible();

  await memberRow(page, newcomer.email)
    .getByRole("button", { name: `Disable ${newcomer.email}` })
    .click();
  const confirm = page.getByRole("dialog", { name: `Disable ${newcomer.email}?` });
  await expect(confirm).toContainText("signed out at once");
  await confirm.getByRole("button", { name: "Disable user" }).click();
  await expect(confirm).toBeHidden();
  await expect(memberRow(page, newcomer.email)).toContainText("Disabled");

  // Their very next navigation is bounced to sign-in, and signing in again is refused.
  await staffPage.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(staffPage).toHaveURL(/\/sign-in$/);
  await staffPage.getByLabel("Email").fill(newcomer.email);
  await staffPage.getByLabel("Password").fill(newcomer.password);
  await staffPage.getByRole("button", { name: "Sign in" }).click();
  await expect(staffPage.getByRole("alert").filter({ hasText: "don't match" })).toBeVisible();

  await memberRow(page, newcomer.email)
    .getByRole("button", { name: `Enable ${newcomer.email}` })
    .click();
  await page
    .getByRole("dialog", { name: `Enable ${newcomer.email}?` })
    .getByRole("button", { name: "Enable user" })
    .click();
  await expect(memberRow(page, newcomer.email)).toContainText("Active");
  // The old password does not come back: the owner is shown a temporary one, once.
  const temporaryPassword = (await page.getByTestId("temporary-password").textContent()) ?? "";
  expect(temporaryPassword).toMatch(/^[A-Za-z0-9-]{23}$/);
  await staffContext.close();
  // In a fresh browser (the old one still holds the earlier session cookie): the old password is
  // refused; the temporary one signs in, to a page that only lets them choose their own.
  const againContext = await browser.newContext();
  const again = await againContext.newPage();
  await again.goto("/sign-in");
  await again.getByLabel("Email").fill(newcomer.email);
  await again.getByLabel("Password").fill(newcomer.password);
  await again.getByRole("button", { name: "Sign in" }).click();
  await expect(again.getByRole("alert").filter({ hasText: "don't match" })).toBeVisible();
  await again.getByLabel("Password").fill(temporaryPassword);
  await again.getByRole("button", { name: "Sign in" }).click();
  await expect(again).toHaveURL(/\/sign-in\/new-password$/);
  await again.getByLabel("Temporary password").fill(temporaryPassword);
  await again.getByLabel("New password").fill("my-own-password-42");
  await again.getByRole("button", { name: "Change password" }).click();
  await expect(again).toHaveURL(/\/dashboard$/);
  await againContext.close();
});

test("the add-staff form explains what is wrong", async ({ page }) => {
  const account = await signInNewAccount(page, "owner", { funding: 0n });
  await page.goto("/team");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Temporary password").fill("short");
  await page.getByRole("button", { name: "Add staff user" }).click();
  await expect(page.getByText("Email must be an e-mail address.")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters.")).toBeVisible();
  await expect(page.getByLabel("Temporary password")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Email").fill(account.staff.email);
  await page.getByLabel("Temporary password").fill("long-enough-1");
  await page.getByRole("button", { name: "Add staff user" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "already exists" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Team members" }).getByRole("listitem")).toHaveCount(2);
});

test("fits a phone screen", async ({ page }) => {
  const account = await createTestAccount({ funding: 0n });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, account.owner);
  await page.goto("/team");
  await expect(memberRow(page, account.staff.email)).toBeVisible();
  await expectFitsScreen(page);
});

test("staff are told the team page is not for their role", async ({ page }) => {
  await signInNewAccount(page, "staff", { funding: 0n });
  await page.goto("/team");
  await expect(page.getByRole("heading", { name: "Team: not available for your role" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Team members" })).toHaveCount(0);
});
