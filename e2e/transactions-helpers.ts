/**
 * Purchases for the dashboard and transactions specs, made through the real service layer on the e2e
 * server's database with the test account's API key (as a reseller's server would make them), so the
 * specs see API-channel transactions with the key's name and source address.
 */
import { randomBytes } from "node:crypto";
import type { TestAccount } from "./fixtures/data";

export const SOURCE_IP = "127.0.0.1";

function apiKeyActor(account: TestAccount) {
  return { kind: "api-key", apiKeyId: account.keyId, accountId: account.accountId, sourceIp: SOURCE_IP } as const;
}

/**
 * A mobile number no other test uses (the e2e database is shared by every spec), ending in neither
 * 0000 (the sandbox fails it) nor 1111 (stays pending).
 */
export function randomPhone(): string {
  const digits = String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, "0");
  return /(?:0000|1111)$/.test(digits) ? randomPhone() : `080${digits}`;
}

export function reference(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString("hex")}`;
}

/** A data purchase (MTN 1GB SME, ₦280): `phone` ending in 0000 fails, 1111 stays pending. */
export async function buyData(account: TestAccount, options: { clientReference?: string; phone?: string } = {}) {
  const { purchaseData } = await import("../src/server/services/purchases/purchase-data");
  const { transaction } = await purchaseData(apiKeyActor(account), {
    clientReference: options.clientReference ?? reference("data"),
    planId: "mtn-1gb-30d",
    phone: options.phone ?? "08031234567",
  });
  return transaction;
}

export async function buyAirtime(account: TestAccount, amountKobo: number, options: { clientReference?: string; phone?: string } = {}) {
  const { purchaseAirtime } = await import("../src/server/services/purchases/purchase-airtime");
  const { transaction } = await purchaseAirtime(apiKeyActor(account), {
    clientReference: options.clientReference ?? reference("airtime"),
    networkId: "airtel",
    phone: options.phone ?? "08021234567",
    amount: amountKobo,
  });
  return transaction;
}

/** Prepaid electricity: succeeds with a 20-digit token. */
export async function buyElectricity(account: TestAccount, amountKobo: number) {
  const { payBill } = await import("../src/server/services/purchases/pay-bill");
  const { transaction } = await payBill(apiKeyActor(account), "electricity", {
    clientReference: reference("power"),
    planId: "ikeja-electric-prepaid",
    customerId: "45012345678",
    amount: amountKobo,
  });
  return transaction;
}

/**
 * Settles one pending purchase as the reconciler would after the provider confirmed it. Only this
 * spec's transaction: a run of the whole reconciler would also settle other specs' pending purchases.
 */
export async function settleAsSuccessful(transactionId: string) {
  const { settlePurchase } = await import("../src/server/services/purchases/execute-purchase");
  await settlePurchase(transactionId, { status: "successful", providerReference: "SBX-E2E-SETTLED", token: null });
}
