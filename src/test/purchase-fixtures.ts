/**
 * Purchase-test helpers: the sandbox catalog in this file's database, an API-key actor for an account,
 * a provider wrapper that counts vends, and the money facts a test asserts on.
 */
import { randomBytes } from "node:crypto";
import type { Actor } from "~/server/auth/actor";
import { db } from "~/server/db";
import { getVendProvider, setVendProviderForTests, type VendProvider } from "~/server/providers";
import { upsertSandboxCatalog } from "~/server/seed/catalog";
import { createAccountWithKey } from "./fixtures";

let catalogReady: Promise<void> | null = null;
export function ensureSandboxCatalog(): Promise<void> {
  catalogReady ??= upsertSandboxCatalog(db);
  return catalogReady;
}

export async function fundedAccount(funding: bigint, options: Parameters<typeof createAccountWithKey>[0] = {}) {
  await ensureSandboxCatalog();
  const account = await createAccountWithKey({ ...options, funding });
  const actor: Actor = {
    kind: "api-key",
    apiKeyId: account.keyId,
    accountId: account.accountId,
    sourceIp: "127.0.0.9",
    livemode: options.mode !== "test",
  };
  return { ...account, actor };
}

export function reference(prefix = "ref"): string {
  return `${prefix}-${randomBytes(6).toString("hex")}`;
}

/** The balance of the account's live wallet, or of its test wallet (livemode false). */
export async function balanceOf(accountId: string, livemode = true): Promise<bigint> {
  return (await db.wallet.findUniqueOrThrow({ where: { accountId_livemode: { accountId, livemode } } })).balance;
}

/** The live wallet's ledger, or the test wallet's (livemode false), oldest first. */
export async function ledgerOf(accountId: string, livemode = true) {
  return db.ledgerEntry.findMany({ where: { accountId, livemode }, orderBy: { id: "asc" } });
}

/** Puts a vend-counting wrapper in front of the sandbox; returns the counts and a restore function. */
export function countVends() {
  const inner = getVendProvider();
  const counts = { vend: 0, requery: 0, verify: 0 };
  const counting: VendProvider = {
    name: `counting(${inner.name})`,
    verifyCustomer: (request) => (counts.verify++, inner.verifyCustomer(request)),
    vend: (request) => (counts.vend++, inner.vend(request)),
    requery: (request) => (counts.requery++, inner.requery(request)),
  };
  setVendProviderForTests(counting);
  return { counts, restore: () => setVendProviderForTests(null) };
}
