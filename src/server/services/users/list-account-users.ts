/**
 * The people of an account, for the owner's team page and the operator console: who they are, their
 * role and whether they are disabled. Never the password hash. OWNER of the account or operators.
 * Owners first, then in the order they were added.
 */
import type { Role } from "~/generated/prisma/enums";
import type { Actor } from "~/server/auth/actor";
import { db, type DbClient } from "~/server/db";
import { ownerScopedAccountId } from "~/server/services/accounts/owner-scoped-account";
import type { AccountScopeInput } from "~/schemas/account-admin";

export interface AccountUserView {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  createdAt: Date;
  disabledAt: Date | null;
}

export async function listAccountUsers(actor: Actor, input: AccountScopeInput, client: DbClient = db): Promise<AccountUserView[]> {
  const accountId = await ownerScopedAccountId(actor, input, client);

  const users = await client.user.findMany({
    where: { accountId },
    select: { id: true, email: true, name: true, role: true, createdAt: true, disabledAt: true },
    // The Role enum is declared OPERATOR, OWNER, STAFF, and PostgreSQL sorts enums in declaration order.
    orderBy: [{ role: "asc" }, { createdAt: "asc" }, { id: "asc" }],
  });
  return users.map(({ id, ...user }) => ({ userId: id, ...user }));
}
