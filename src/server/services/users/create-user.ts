/**
 * Creates a portal user. Operators create anyone; an account OWNER may add STAFF to their own account
 * (the portal's "manage staff"). E-mails are stored lower-cased, so sign-in is case-insensitive.
 */
import type { Actor } from "~/server/auth/actor";
import { actingAccountId } from "~/server/auth/account-scope";
import { isOperator } from "~/server/auth/actor";
import { hashPassword } from "~/server/auth/password";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { isUniqueViolation } from "~/server/db/is-unique-violation";
import { AppError } from "~/server/errors";
import { findAccountOrThrow } from "~/server/services/accounts/find-account-or-throw";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { parseInput } from "~/server/validation/parse-input";
import { createUserInput, type CreateUserInput } from "~/schemas/operator";

function assertMayCreate(actor: Actor, role: string, accountId: string | undefined): void {
  if (isOperator(actor)) return;
  if (actor.kind !== "user" || actor.role !== "OWNER") throw new AppError("forbidden", "Only operators and account owners may add users.");
  // Checked before the role, so another tenant's account id reads as unknown whatever role is asked for.
  if (accountId !== undefined) actingAccountId(actor, accountId);
  if (role !== "STAFF") throw new AppError("forbidden", "Account owners may add STAFF users only.");
}

function emailTaken(email: string): AppError {
  return new AppError("user.email_taken", `A user with the e-mail ${email} already exists.`);
}

export async function createUser(actor: Actor, input: CreateUserInput, tx?: DbClient): Promise<{ userId: string }> {
  const { email, password, role, accountId, name } = parseInput(createUserInput, input);
  assertMayCreate(actor, role, accountId);
  // Hashing is deliberately slow; do it before any transaction is open.
  const passwordHash = await hashPassword(password);

  try {
    return await inTransaction(tx, async (client) => {
      if (accountId !== undefined) await findAccountOrThrow(client, accountId);
      if (await client.user.findUnique({ where: { email }, select: { id: true } })) throw emailTaken(email);
      const user = await client.user.create({
        data: { email, passwordHash, role, accountId: accountId ?? null, name: name ?? null },
      });
      await recordAuditEntry(client, actor, {
        action: "user.create",
        accountId: accountId ?? null,
        targetType: "user",
        targetId: user.id,
        details: { email, role },
      });
      return { userId: user.id };
    });
  } catch (error) {
    // Two creations of one e-mail at once: the unique index decides, the loser is told plainly.
    if (isUniqueViolation(error, ["email"])) throw emailTaken(email);
    throw error;
  }
}
