/**
 * Creates a portal user: operators only (the console, `npm run admin -- user:create`, the demo seed).
 * Operators see every account, so telling them an e-mail is taken discloses nothing. Account owners
 * invite their staff instead (services/invitations, docs/decisions/022-staff-invitations.md), whose
 * answer never depends on other accounts' users. E-mails are stored lower-cased, so sign-in is
 * case-insensitive.
 */
import type { Actor } from "~/server/auth/actor";
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

function assertMayCreate(actor: Actor): void {
  if (isOperator(actor)) return;
  throw new AppError(
    "forbidden",
    actor.kind === "user" && actor.role === "OWNER" ? "Account owners invite staff from the Team page." : "Only operators may add users.",
  );
}

function emailTaken(email: string): AppError {
  return new AppError("user.email_taken", `A user with the e-mail ${email} already exists.`);
}

export async function createUser(actor: Actor, input: CreateUserInput, tx?: DbClient): Promise<{ userId: string }> {
  const { email, password, role, accountId, name } = parseInput(createUserInput, input);
  assertMayCreate(actor);
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
