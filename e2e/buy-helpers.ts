/**
 * Shared steps and database facts for the Buy specs (e2e/buy-*.spec.ts). Money facts are read from
 * the e2e server's database through Prisma, so "bought once" is checked where it is decided.
 */
import { expect, type Page } from "@playwright/test";
import { formatNaira } from "../src/components/money";
import "./fixtures/data";

export { formatNaira };

/** Transactions, PURCHASE ledger entries and the balance of one account, straight from the database. */
export async function moneyFacts(accountId: string) {
  const { db } = await import("../src/server/db");
  const [transactions, purchases, reversals, wallet] = await Promise.all([
    db.transaction.findMany({ where: { accountId }, orderBy: { createdAt: "asc" } }),
    db.ledgerEntry.count({ where: { accountId, kind: "PURCHASE" } }),
    db.ledgerEntry.count({ where: { accountId, kind: "REVERSAL" } }),
    db.wallet.findUniqueOrThrow({ where: { accountId_livemode: { accountId, livemode: true } } }),
  ]);
  return { transactions, purchases, reversals, balance: wallet.balance };
}

export async function putOnProductCatalog(accountId: string): Promise<void> {
  const { setProductCatalog } = await import("../src/server/services/catalog/set-product-catalog");
  await setProductCatalog({ kind: "cli", label: "cli:e2e" }, { accountId, on: true });
}

export function walletBalance(page: Page) {
  return page.getByRole("region", { name: "Wallet balance" });
}

export async function expectWalletBalance(page: Page, kobo: bigint): Promise<void> {
  await expect(walletBalance(page)).toContainText(formatNaira(kobo));
}

export function confirmButton(page: Page) {
  return page.getByRole("button", { name: /^Confirm and pay/ });
}

/** Data flow up to the confirm step. */
export async function orderData(page: Page, order: { network: string; plan: RegExp | string; phone: string }): Promise<void> {
  await page.goto("/buy/data");
  await page.getByRole("radio", { name: order.network, exact: true }).check();
  await page.getByRole("radio", { name: order.plan }).check();
  await page.getByLabel("Phone number").fill(order.phone);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Confirm your purchase" })).toBeVisible();
}

/** The main region: Next.js' route announcer is an alert region of its own. */
export function mainAlert(page: Page) {
  return page.getByRole("main").getByRole("alert");
}
