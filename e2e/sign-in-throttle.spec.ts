import { expect, test } from "@playwright/test";
import { createTestAccount, signIn } from "./fixtures/data";

// The server's defaults: 5 failed sign-ins per email per 15 minutes (docs/deploying.md
// "Rate limits across processes and hosts").
const FAILURES_ALLOWED = 5;

test("after five failed sign-ins even the right password is refused, with how long to wait; another email still signs in", async ({
  page,
}) => {
  const account = await createTestAccount({ funding: 0n });
  const { email, password } = account.owner;
  await page.goto("/sign-in");
  // Scoped to <main>: Next.js' route announcer is an alert region of its own.
  const alert = page.getByRole("main").getByRole("alert");
  for (let attempt = 1; attempt <= FAILURES_ALLOWED; attempt += 1) {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(`wrong-guess-${attempt}`);
    // Each attempt's answer is awaited, so every one reaches the server and is counted.
    await Promise.all([
      page.waitForResponse((response) => response.url().includes("/api/auth/callback/credentials")),
      page.getByRole("button", { name: "Sign in" }).click(),
    ]);
    await expect(alert).toHaveText("That email and password don't match. Check them and try again.");
  }

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(alert).toHaveText(/^Too many sign-in attempts; try again in 1[45] minutes\.$/);
  await expect(page).toHaveURL(/\/sign-in$/);

  await signIn(page, account.staff);
});
