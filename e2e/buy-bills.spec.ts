import { expect, test, type Page } from "@playwright/test";
import type { ServiceCode } from "../src/schemas/services";
import { SandboxProvider } from "../src/server/providers/sandbox-provider";
import { confirmButton, expectWalletBalance, formatNaira, mainAlert, moneyFacts } from "./buy-helpers";
import { createTestAccount, signIn, signInNewAccount } from "./fixtures/data";

const FUNDING = 10_000_000n;

/** The name the sandbox biller gives a customer: the same answer the server gets. */
async function sandboxCustomerName(service: ServiceCode, productCode: string, customerId: string): Promise<string> {
  const outcome = await new SandboxProvider().verifyCustomer({ service, productCode, customerId });
  if (outcome.status !== "valid") throw new Error(`sandbox refused ${customerId}`);
  return outcome.customerName;
}

const FIXED_PRICE_BILLS = [
  {
    path: "cable-tv",
    tab: "Cable TV",
    service: "CABLE_TV",
    productLabel: "Package",
    product: "dstv-padi",
    price: 440_000n,
    customerIdLabel: "Smartcard / IUC number",
    customerId: "7012345678",
    detail: "Current bouquet",
    delivered: [] as [string, RegExp][],
  },
  {
    path: "education",
    tab: "Education",
    service: "EDUCATION",
    productLabel: "Product",
    product: "waec-result-checker",
    price: 390_000n,
    customerIdLabel: "Candidate or phone number",
    customerId: "08051234567",
    detail: null,
    // A WAEC card: its serial and its PIN, both needed on WAEC's portal.
    delivered: [
      ["purchase-serial", /^WRN\d{9}$/],
      ["purchase-pin", /^\d{4} \d{4} \d{4}$/],
    ],
  },
  {
    path: "broadband",
    tab: "Broadband",
    service: "BROADBAND",
    productLabel: "Plan",
    product: "smile-10gb-30d",
    price: 550_000n,
    customerIdLabel: "Account or device number",
    customerId: "1402123456",
    detail: "Current plan",
    delivered: [] as [string, RegExp][],
  },
] as const;

for (const bill of FIXED_PRICE_BILLS) {
  test(`${bill.tab}: product → customer → Verify shows the name → exact charge → paid`, async ({ page }) => {
    const account = await createTestAccount({ funding: FUNDING });
    const name = await sandboxCustomerName(bill.service, bill.product, bill.customerId);
    await signIn(page, account.staff);
    await page.goto("/buy/data");
    await page.getByRole("navigation", { name: "What to buy" }).getByRole("link", { name: bill.tab }).click();
    await expect(page).toHaveURL(new RegExp(`/buy/${bill.path}$`));

    await page.getByLabel(bill.productLabel).selectOption(bill.product);
    await page.getByLabel(bill.customerIdLabel).fill(bill.customerId);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByTestId("customer-name")).toHaveText(name);
    if (bill.detail) await expect(page.getByText(bill.detail)).toBeVisible();
    await expect(page.getByText(`Price: ${formatNaira(bill.price)}`)).toBeVisible();

    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("checkout-charge")).toHaveText(formatNaira(bill.price));
    await expect(page.getByText(name)).toBeVisible();
    await confirmButton(page).click();

    await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible();
    for (const [testId, text] of bill.delivered) await expect(page.getByTestId(testId)).toHaveText(text);
    await expectWalletBalance(page, FUNDING - bill.price);
    const facts = await moneyFacts(account.accountId);
    expect(facts.transactions).toHaveLength(1);
    expect(facts.transactions[0]).toMatchObject({
      service: bill.service,
      planId: bill.product,
      recipient: bill.customerId,
      customerName: name,
      amount: bill.price,
    });
    expect(facts.balance).toBe(FUNDING - bill.price);
  });
}

test("electricity: verify the meter, an amount within the shown bounds, and a token that can be copied", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const account = await createTestAccount({ funding: FUNDING });
  const name = await sandboxCustomerName("ELECTRICITY", "ikeja-electric-prepaid", "45012345678");
  await signIn(page, account.staff);
  await page.goto("/buy/electricity");

  await page.getByLabel("Distribution company").selectOption("ikeja-electric-prepaid");
  await page.getByLabel("Meter number").fill("45012345678");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("customer-name")).toHaveText(name);
  await expect(page.getByText("Meter type")).toBeVisible();
  await expect(page.getByText("Between ₦1,000.00 and ₦500,000.00.")).toBeVisible();

  await page.getByLabel("Amount (₦)").fill("500");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("The amount must be between ₦1,000.00 and ₦500,000.00.")).toBeVisible();
  await page.getByLabel("Amount (₦)").fill("5,000");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("checkout-charge")).toHaveText("₦5,000.00");
  await confirmButton(page).click();

  await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible();
  const token = page.getByTestId("purchase-token");
  await expect(token).toHaveText(/^\d{4}( \d{4}){4}$/);
  await page.getByRole("button", { name: "Copy token" }).click();
  await expect(page.getByText("Copied.", { exact: true })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^\d{20}$/);
  expect(copied).toBe((await token.textContent())?.replaceAll(" ", ""));

  const facts = await moneyFacts(account.accountId);
  expect(facts.transactions[0]).toMatchObject({ token: copied, amount: 500_000n, status: "SUCCESSFUL" });
  expect(facts.balance).toBe(FUNDING - 500_000n);
});

test("Cable TV: renewing the current subscription is offered with the package that renews it, and bought", async ({ page }) => {
  const account = await signInNewAccount(page, "staff", { funding: FUNDING });
  const smartcard = "7012345670";
  const verified = await new SandboxProvider().verifyCustomer({ service: "CABLE_TV", productCode: "dstv-padi", customerId: smartcard });
  if (verified.status !== "valid" || !verified.renewal) throw new Error("the sandbox states a renewal for every cable customer");
  const { db } = await import("../src/server/db");
  const renewing = await db.billProduct.findFirstOrThrow({
    where: { service: "CABLE_TV", biller: "DStv", costPrice: verified.renewal.amount },
  });
  const other = renewing.id === "dstv-padi" ? "dstv-yanga" : "dstv-padi";

  await page.goto("/buy/cable-tv");
  // Another package: no renewal with it, but the page says which package renews.
  await page.getByLabel("Package").selectOption(other);
  await page.getByLabel("Smartcard / IUC number").fill(smartcard);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText(`choose ${renewing.name} as the package`)).toBeVisible();
  await expect(page.getByRole("radio", { name: /^Renew the current subscription/ })).toHaveCount(0);

  await page.getByLabel("Package").selectOption(renewing.id);
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByRole("radio", { name: `Renew the current subscription (${verified.renewal.currentBouquet})` }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Renewal of the current subscription")).toBeVisible();
  await expect(page.getByTestId("checkout-charge")).toHaveText(formatNaira(renewing.price!));
  await confirmButton(page).click();
  await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible();
  const facts = await moneyFacts(account.accountId);
  expect(facts.transactions).toHaveLength(1);
  expect(facts.transactions[0]).toMatchObject({ planId: renewing.id, amount: renewing.price, status: "SUCCESSFUL" });
  expect(facts.balance).toBe(FUNDING - renewing.price!);
});

test("an unknown customer (…9999) is refused at Verify in plain words, and nothing can be bought", async ({ page }) => {
  const account = await signInNewAccount(page, "staff", { funding: FUNDING });
  await page.goto("/buy/cable-tv");
  await page.getByLabel("Package").selectOption("gotv-max");
  await page.getByLabel("Smartcard / IUC number").fill("7012349999");
  await page.getByRole("button", { name: "Verify" }).click();

  await expect(mainAlert(page)).toHaveText(
    "Customer 7012349999 was not found at GOtv. Check the number and try again. Nothing was charged.",
  );
  await expect(page.getByRole("button", { name: "Continue" })).toHaveCount(0);
  // A corrected number verifies, and the old refusal goes away.
  await page.getByLabel("Smartcard / IUC number").fill("7012345678");
  await expect(mainAlert(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("customer-name")).toBeVisible();
  expect((await moneyFacts(account.accountId)).transactions).toHaveLength(0);
});

test("a pending bill (…1111) settles on screen with its PIN", async ({ page }) => {
  test.setTimeout(90_000);
  await signInNewAccount(page, "staff", { funding: FUNDING });
  await page.goto("/buy/education");
  await page.getByLabel("Product").selectOption("neco-result-token");
  await page.getByLabel("Candidate or phone number").fill("08051231111");
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await confirmButton(page).click();
  await expect(page.getByText("Waiting for the provider… you will see the result here.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId("purchase-pin")).toHaveText(/^\d{4} \d{4} \d{4}$/);
  await expect(page.getByText("PIN", { exact: true })).toBeVisible();
});

/** The description of a term in a definition list (the result's "What was delivered", the transaction page). */
function described(page: Page, term: string) {
  return page
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd")
    .first();
}

test("what was delivered is shown and each part copied on its own, on the result and on the transaction page", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const account = await signInNewAccount(page, "staff", { funding: FUNDING });
  // Each button copies its own value, exactly as stored (no grouping spaces).
  const expectCopies = async (what: string, value: string | null | undefined) => {
    await page.evaluate(() => navigator.clipboard.writeText(""));
    await page.getByRole("button", { name: `Copy ${what}`, exact: true }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(value);
  };

  // A WAEC result checker card: serial and PIN.
  await page.goto("/buy/education");
  await page.getByLabel("Product").selectOption("waec-result-checker");
  await page.getByLabel("Candidate or phone number").fill("08051234567");
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await confirmButton(page).click();
  await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible();
  const [card] = (await moneyFacts(account.accountId)).transactions;
  const [sold] = card!.pins as { serial: string; pin: string }[];
  expect(sold!.serial).toMatch(/^WRN\d{9}$/);
  await expectCopies("serial", sold!.serial);
  await expectCopies("PIN", sold!.pin);
  await page.getByRole("link", { name: "View this transaction" }).click();
  await expect(described(page, "Serial")).toContainText(sold!.serial);
  await expect(described(page, "PIN")).toContainText(sold!.pin.replace(/(\d{4})(?=\d)/g, "$1 "));
  await expectCopies("serial", sold!.serial);
  await expectCopies("PIN", sold!.pin);

  // Eko Electric: the token, the bonus (FBE) token and the units.
  await page.goto("/buy/electricity");
  await page.getByLabel("Distribution company").selectOption("eko-electric-prepaid");
  await page.getByLabel("Meter number").fill("0101150290001");
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByLabel("Amount (₦)").fill("5,000");
  await page.getByRole("button", { name: "Continue" }).click();
  await confirmButton(page).click();
  await expect(page.getByRole("heading", { name: "Purchase successful" })).toBeVisible();
  const power = (await moneyFacts(account.accountId)).transactions[1]!;
  expect(power).toMatchObject({
    token: expect.stringMatching(/^\d{20}$/),
    bonusToken: expect.stringMatching(/^\d{20}$/),
    units: "80.0 kWh",
  });
  await expect(page.getByTestId("purchase-units")).toHaveText("80.0 kWh");
  await expectCopies("token", power.token);
  await expectCopies("bonus token", power.bonusToken);
  await page.getByRole("link", { name: "View this transaction" }).click();
  await expect(described(page, "Units")).toHaveText("80.0 kWh");
  await expect(described(page, "Bonus token")).toContainText(power.bonusToken!.replace(/(\d{4})(?=\d)/g, "$1 "));
  await expectCopies("bonus token", power.bonusToken);
  await expectCopies("token", power.token);
});
