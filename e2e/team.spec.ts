/**
 * The owner's team page: inviting a staff user, who accepts the link in a browser of their own and
 * signs in; disabling them, which ends their session on its next navigation; enabling them again with a
 * temporary password. An invitation of an address that signs in elsewhere looks the same to the owner
 * and its holder. Pending invitations can be revoked. Staff are turned away.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createTestAccount, signIn, signInNewAccount, unique } from "./fixtures/data";
import { expectFitsScreen } from "./fixtures/layout";

function memberRow(page: Page, email: string) {
  return page.getByRole("list", { name: "Team members" }).getByRole("listitem").filter({ hasText: email });
}

function invitationRow(page: Page, email: string) {
  return page.getByRole("list", { name: "Pending invitations" }).getByRole("listitem").filter({ hasText: email });
}

const USED_ANSWER = "If this address had no sign-in here, it is ready: sign in with your new password.";

/** Invites through the Team page's form and returns the link the dialog shows (once). */
async function invite(page: Page, email: string, name?: string): Promise<string> {
  await page.getByLabel("Email").fill(email);
  if (name) await page.getByLabel("Name (optional)").fill(name);
  await page.getByRole("button", { name: "Invite staff" }).click();
  const dialog = page.getByRole("dialog", { name: `Invitation for ${email}` });
  await expect(dialog).toContainText("This is the only time the link is shown");
  const link = await dialog.getByLabel("Invitation link").inputValue();
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole("button", { name: "I've copied the link" }).click();
  await expect(dialog).toBeHidden();
  return link;
}

/** Opens an invitation link in a fresh browser (no session) and accepts it with the name and password given. */
async function accept(browser: Browser, link: string, person: { name?: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  if (person.name !== undefined) await page.getByLabel("Your name").fill(person.name);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: USED_ANSWER })).toBeVisible();
  return { context, page };
}

test("the owner invites a staff user, who accepts in their own browser and signs in; disabling bounces them, enabling gives a temporary password", async ({
  page,
  browser,
}) => {
  // Two people, several sign-ins and bcrypt at every one of them: longer than the default budget.
  test.slow();
  const account = await signInNewAccount(page, "owner", { funding: 0n });
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  await expect(memberRow(page, account.owner.email)).toContainText("(you)");
  await expect(memberRow(page, account.owner.email).getByRole("button")).toHaveCount(0);
  await expect(page.getByText("No invitations waiting.")).toBeVisible();

  const newcomer = { email: `${unique("new-staff")}@e2e.test`, password: "her-own-password-1" };
  const link = await invite(page, newcomer.email, "Ada Obi");
  await expect(page.getByLabel("Email")).toHaveValue("");
  await expect(invitationRow(page, newcomer.email)).toContainText("Ada Obi");
  await expect(invitationRow(page, newcomer.email)).toContainText(account.owner.email);
  await expect(memberRow(page, newcomer.email)).toHaveCount(0);

  // The newcomer opens the link on a browser of their own: the account and address, their name to change.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await staffPage.goto(link);
  await expect(staffPage.getByRole("heading", { level: 1, name: `Join ${account.name}` })).toBeVisible();
  await expect(staffPage.getByRole("main")).toContainText(newcomer.email);
  await expect(staffPage.getByLabel("Your name")).toHaveValue("Ada Obi");
  await staffPage.getByLabel("Your name").fill("Ada N. Obi");
  await staffPage.getByLabel("Password").fill("short");
  await staffPage.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(staffPage.getByText("Password must be at least 8 characters.")).toBeVisible();
  await staffPage.getByLabel("Password").fill(newcomer.password);
  await staffPage.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(staffPage.getByRole("status").filter({ hasText: USED_ANSWER })).toContainText("invite another address");
  await staffPage.getByRole("link", { name: "Go to sign in" }).click();
  await signIn(staffPage, newcomer);
  await staffPage.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Allowlist" }).click();
  await expect(staffPage.getByRole("heading", { level: 1, name: "IP allowlist" })).toBeVisible();

  await page.reload();
  await expect(memberRow(page, newcomer.email)).toContainText("Ada N. Obi");
  await expect(memberRow(page, newcomer.email)).toContainText("Active");
  await expect(invitationRow(page, newcomer.email)).toHaveCount(0);

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

  // The link was good once.
  await staffPage.goto(link);
  await expect(staffPage.getByRole("heading", { level: 1, name: "This invitation link cannot be used" })).toBeVisible();

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

test("an invitation of an address that signs in for another account looks the same, and adds nobody", async ({ page, browser }) => {
  test.slow();
  const other = await createTestAccount({ funding: 0n });
  await signInNewAccount(page, "owner", { funding: 0n });
  await page.goto("/team");
  // Nothing on the owner's side tells the address apart from a new one.
  const link = await invite(page, other.staff.email);
  await expect(invitationRow(page, other.staff.email)).toBeVisible();

  // Whoever holds the link gets the same answer as for a new address, worded for both.
  const { context } = await accept(browser, link, { name: "Someone Else", password: "not-their-password" });
  await context.close();
  await page.reload();
  await expect(memberRow(page, other.staff.email)).toHaveCount(0);
  await expect(invitationRow(page, other.staff.email)).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Team members" }).getByRole("listitem")).toHaveCount(2);

  // Their sign-in is untouched: the old password works, the one chosen on the link does not.
  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  await theirPage.goto("/sign-in");
  await theirPage.getByLabel("Email").fill(other.staff.email);
  await theirPage.getByLabel("Password").fill("not-their-password");
  await theirPage.getByRole("button", { name: "Sign in" }).click();
  await expect(theirPage.getByRole("alert").filter({ hasText: "don't match" })).toBeVisible();
  await signIn(theirPage, other.staff);
  await theirs.close();
});

test("the invite form explains what is wrong; a pending invitation is revoked, from the list or to invite again", async ({
  page,
  browser,
}) => {
  const account = await signInNewAccount(page, "owner", { funding: 0n });
  await page.goto("/team");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Invite staff" }).click();
  await expect(page.getByText("Email must be an e-mail address.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Email").fill(account.staff.email);
  await page.getByRole("button", { name: "Invite staff" }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: `already on the team of ${account.name}` })
      .first(),
  ).toBeVisible();

  const email = `${unique("invited")}@e2e.test`;
  const first = await invite(page, email);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Invite staff" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "already been invited" })).toBeVisible();
  await page.getByRole("button", { name: "Revoke it and invite again" }).click();
  const second = await page
    .getByRole("dialog", { name: `Invitation for ${email}` })
    .getByLabel("Invitation link")
    .inputValue();
  expect(second).not.toBe(first);
  await page.getByRole("button", { name: "I've copied the link" }).click();
  await expect(invitationRow(page, email)).toHaveCount(1);

  await invitationRow(page, email)
    .getByRole("button", { name: `Revoke the invitation of ${email}` })
    .click();
  await page
    .getByRole("dialog", { name: `Revoke the invitation of ${email}?` })
    .getByRole("button", { name: "Revoke invitation" })
    .click();
  await expect(invitationRow(page, email)).toHaveCount(0);
  await expect(page.getByText("No invitations waiting.")).toBeVisible();

  // Neither link works now, and both say so in the same words as an unknown one.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  for (const link of [first, second, "/invite/no-such-invitation"]) {
    await visitorPage.goto(link);
    await expect(visitorPage.getByRole("heading", { level: 1, name: "This invitation link cannot be used" })).toBeVisible();
    await expect(visitorPage.getByRole("button", { name: "Accept the invitation" })).toHaveCount(0);
  }
  await visitor.close();
  await expect(page.getByRole("list", { name: "Team members" }).getByRole("listitem")).toHaveCount(2);
});

test("a refused invitation is shown on the form and logged as no error in the browser's console", async ({ page }) => {
  const account = await signInNewAccount(page, "owner", { funding: 0n });
  await page.goto("/team");
  await expect(page.getByRole("button", { name: "Invite staff" })).toBeEnabled();
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  // Refused by the service (409), not by the form: the answer the form shows is not a fault.
  await page.getByLabel("Email").fill(account.staff.email);
  await page.getByRole("button", { name: "Invite staff" }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: `already on the team of ${account.name}` })
      .first(),
  ).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("fits a phone screen, invitation and link page too", async ({ page, browser }) => {
  const account = await createTestAccount({ funding: 0n });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, account.owner);
  await page.goto("/team");
  await expect(memberRow(page, account.staff.email)).toBeVisible();
  const link = await invite(page, `${unique("phone")}@e2e.test`, "A Rather Long Name For A Small Screen");
  await expectFitsScreen(page);

  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(link);
  await expect(visitorPage.getByRole("button", { name: "Accept the invitation" })).toBeVisible();
  await expectFitsScreen(visitorPage);
  await visitor.close();
});

test("staff are told the team page is not for their role", async ({ page }) => {
  await signInNewAccount(page, "staff", { funding: 0n });
  await page.goto("/team");
  await expect(page.getByRole("heading", { name: "Team: not available for your role" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Team members" })).toHaveCount(0);
});
