import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNT_NAME, DEMO_USERS, storageStatePath } from "./fixtures/demo";

test.describe("signed out", () => {
  test("the sign-in page has a heading, labelled fields and a submit button", async ({ page }) => {
    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  });

  test("wrong credentials are refused in plain words", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(DEMO_USERS.owner.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    // Scoped to <main>: Next.js' route announcer is an alert region of its own.
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("That email and password don't match. Check them and try again.");
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("an anonymous visit to the dashboard goes to sign-in", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });

  test("signing in and out through the form", async ({ page }) => {
    const { email, password } = DEMO_USERS.staff;
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(email.toUpperCase());
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test("the form fits the screen without sideways scrolling", async ({ page }) => {
      await page.goto("/sign-in");
      await expect(page.getByRole("button", { name: "Sign in" })).toBeInViewport();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});

test.describe("signed in as the owner", () => {
  test.use({ storageState: storageStatePath("owner") });

  test("lands on the dashboard with their email, account and owner links", async ({ page }) => {
    // "/" goes to sign-in, which sends someone already signed in on to the dashboard.
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(`Signed in as ${DEMO_USERS.owner.email} (Owner)`)).toBeVisible();
    // The account name arrives through tRPC (session.me).
    await expect(page.getByTestId("account-name")).toHaveText(DEMO_ACCOUNT_NAME);
    const nav = page.getByRole("navigation", { name: "Portal" });
    await expect(nav.getByRole("link", { name: "API keys" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Allowlist" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Operator" })).toHaveCount(0);
  });
});

test.describe("signed in as staff", () => {
  test.use({ storageState: storageStatePath("staff") });

  test("sees the dashboard without owner or operator links", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByText(`Signed in as ${DEMO_USERS.staff.email} (Staff)`)).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Portal" });
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "API keys" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Operator" })).toHaveCount(0);
  });
});

test.describe("signed in as the operator", () => {
  test.use({ storageState: storageStatePath("operator") });

  test("sees Operator instead of an account", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByText(`Signed in as ${DEMO_USERS.operator.email} (Operator)`)).toBeVisible();
    await expect(page.getByTestId("account-name")).toHaveText("Operator");
    await expect(page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Operator" })).toBeVisible();
  });
});
