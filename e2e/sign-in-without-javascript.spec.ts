/**
 * The sign-in form works before its script has run, or with scripts off: the browser posts it, the
 * server signs in (next-auth, its CSRF token and throttle) and redirects. Another site cannot use the
 * same way in.
 */
import { expect, test } from "@playwright/test";
import { DEMO_USERS } from "./fixtures/demo";

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("valid credentials land on the dashboard", async ({ page }) => {
    const { email, password } = DEMO_USERS.owner;
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  });

  test("wrong credentials are refused in plain words", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(`nobody-${Date.now()}@e2e.test`);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/sign-in\?/);
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("That email and password don't match. Check them and try again.");
    await expect(page.getByLabel("Email")).toBeVisible();
  });
});

test("another site's form cannot sign anyone in this way", async ({ playwright, baseURL }) => {
  const { email, password } = DEMO_USERS.owner;
  const request = await playwright.request.newContext({ baseURL });
  const response = await request.post("/sign-in/submit", {
    form: { email, password, csrfToken: "a".repeat(64), callbackUrl: "/dashboard" },
    headers: { "sec-fetch-site": "cross-site", origin: "https://attacker.example" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(response.headers()["set-cookie"] ?? "").not.toContain("next-auth");
  await request.dispose();
});
