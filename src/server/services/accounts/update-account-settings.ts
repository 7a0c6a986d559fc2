/**
 * Changes an account's own settings (its allowlist opt-in, whether it is on the product catalog) and
 * records the change in the audit log in the same transaction; the entry's details are the new values.
 * The caller has checked the operator's rights and that the account exists.
 */
import type { Account } from "~/generated/prisma/client";
import type { Actor } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import type { AuditAction } from "~/schemas/audit-actions";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";

type AccountSettings = Partial<Pick<Account, "allowlistOptIn" | "onProductCatalog">>;

export async function updateAccountSettings(
  client: DbClient,
  actor: Actor,
  accountId: string,
  action: AuditAction,
  settings: AccountSettings,
): Promise<Account> {
  const account = await client.account.update({ where: { id: accountId }, data: settings });
  await recordAuditEntry(client, actor, { action, accountId, targetType: "account", targetId: accountId, details: settings });
  return account;
}
