/**
 * Test data through the real service layer, acting as the operator CLI would. Every call creates
 * fresh, uniquely named rows, so tests never depend on each other's data.
 */
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { Actor } from "~/server/auth/actor";
import { AppError } from "~/server/errors";
import { createAccount } from "~/server/services/accounts/create-account";
import { addAllowlistEntry } from "~/server/services/allowlist/add-allowlist-entry";
import { createApiKey } from "~/server/services/api-keys/create-api-key";
import { fundWallet } from "~/server/services/wallet/fund-wallet";

export const operator: Actor = { kind: "cli", label: "cli:test" };

/** The AppError a promise rejects with (failing the test if it resolves or throws anything else). */
export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString("hex")}`;
}

/**
 * An account with one API key (a live one unless `mode` says test); by default created before the
 * allowlist cutoff and unrestricted. `funding` goes to the live wallet.
 */
export async function createAccountWithKey(
  options: { createdAt?: string; allowlist?: string[]; funding?: bigint; onProductCatalog?: boolean; mode?: "live" | "test" } = {},
) {
  const { accountId } = await createAccount(operator, {
    name: uniqueName("account"),
    createdAt: options.createdAt ?? "2026-03-01",
    onProductCatalog: options.onProductCatalog ?? false,
  });
  for (const entry of options.allowlist ?? []) await addAllowlistEntry(operator, { accountId, entry });
  if (options.funding) await fundWallet(operator, { accountId, amount: options.funding });
  const { keyId, apiKey } = await createApiKey(operator, { accountId, name: uniqueName("key"), mode: options.mode });
  return { accountId, keyId, apiKey, auth: { authorization: `Bearer ${apiKey}` } };
}
