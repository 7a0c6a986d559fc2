/**
 * Two-factor sign-in in the browser (issue 30): an owner turns it on from the Security page (QR code,
 * key, confirmation code and password), keeps the recovery codes, signs in again with a code and then
 * with a recovery code; the Security page lists the sessions and the events. A new operator is sent
 * to set it up before the portal opens.
 */
import { expect, test, type Page } from "@playwright/test";
import { currentTotpCode } from "../src/server/auth/totp";
import { signInNewAccount, unique } from "./fixtures/data";
import { enterTwoFactorCode } from "./fixtures/two-factor";

async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).first().click();
  await expect(page).toHaveURL(/\/sign-in$/);
}

async function passwordStep(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Authentication code")).toBeVisible();
}

test("an owner turns on two-factor sign-in, then signs in with a code and with a recovery code", async ({ page }) => {
  const account = await signInNewAccount(page, "owner", { funding: 0n });
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Security" }).click();
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  // The code of the step before now, so that the sign-in below has a later one to use.
  await page.getByLabel("Code from the app").fill(currentTotpCode(secret, Date.now() - 30_000));
  await page.getByLabel("Your password").fill(account.owner.password);
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent()) ?? "";
  await page.getByRole("button", { name: "I have kept my recovery codes" }).click();
  await expect(page.getByText("10 of 10 recovery codes left")).toBeVisible();

  await signOut(page);
  await passwordStep(page, account.owner.email, account.owner.password);
  await enterTwoFactorCode(page, secret);
  await expect(page).toHaveURL(/\/dashboard$/);

  await signOut(page);
  await passwordStep(page, account.owner.email, account.owner.password);
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not right")).toBeVisible();
  await page.getByLabel("Authentication code").fill(recoveryCode);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto("/security");
  await expect(page.getByText("9 of 10 recovery codes left")).toBeVisible();
  await expect(page.getByRole("list", { name: "Active sessions" })).toContainText("(this browser)");
  const events = page.getByRole("list", { name: "Security events" });
  await expect(events).toContainText("Failed sign-in");
  await expect(events).toContainText("Two-factor sign-in turned on");
});

test("a new operator sets up two-factor sign-in before anything else", async ({ page }) => {
  const { createUser } = await import("../src/server/services/users/create-user");
  const email = `${unique("operator")}@e2e.test`;
  const password = "e2e-operator-password";
  await createUser({ kind: "cli", label: "cli:e2e" }, { email, password, role: "OPERATOR" });
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/sign-in\/two-factor-setup$/);
  // Nothing else opens meanwhile.
  await page.goto("/operator");
  await expect(page).toHaveURL(/\/sign-in\/two-factor-setup$/);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  await page.getByLabel("Code from the app").fill(currentTotpCode(secret));
  await page.getByLabel("Your password").fill(password);
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await page.getByRole("button", { name: "I have kept my recovery codes" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
});
