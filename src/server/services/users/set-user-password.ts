/**
 * Sets someone else's password (findManagedUser says who may): the portal's "Reset password" and
 * re-enabling a user, and `npm run admin -- user:set-password`. By default a temporary password is made
 * up, returned once, good for one sign-in within 24 hours, and its user must then choose their own;
 * the CLI may give the password and make it permanent. Either way the old password stops working, every
 * session of the user ends, and the change is audited (never the password).
 */
import type { Actor } from "~/server/auth/actor";
import { hashPassword } from "~/server/auth/password";
import { newTemporaryPassword, TEMPORARY_PASSWORD_LIFETIME_MS } from "~/server/auth/temporary-password";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { AppError } from "~/server/errors";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { endUserSessions } from "~/server/services/sessions/end-user-sessions";
import { parseInput } from "~/server/validation/parse-input";
import { setUserPasswordInput, type SetUserPasswordInput } from "~/schemas/security";
import { findManagedUser, type ManagedUser } from "./find-managed-user";

export interface PasswordSet {
  userId: string;
  /** Only when the service made it up: shown this once. */
  temporaryPassword: string | null;
  mustChange: boolean;
  /** When a temporary password stops signing in; null for a permanent one. */
  expiresAt: Date | null;
}

/**
 * The write, in the caller's transaction, with the password already hashed (slowly, before the
 * transaction): also how setUserDisabled re-enables a user with a fresh temporary password.
 */
export async function replacePassword(
  client: DbClient,
  actor: Actor,
  user: ManagedUser,
  change: { passwordHash: string; mustChange: boolean; action: "user.password_reset" | "user.enable" },
): Promise<{ expiresAt: Date | null }> {
  const expiresAt = change.mustChange ? new Date(Date.now() + TEMPORARY_PASSWORD_LIFETIME_MS) : null;
  await client.user.update({
    where: { id: user.id },
    data: {
      passwordHash: change.passwordHash,
      passwordMustChange: change.mustChange,
      passwordExpiresAt: expiresAt,
      ...(change.action === "user.enable" ? { disabledAt: null } : {}),
    },
  });
  const sessionsEnded = await endUserSessions(client, user.id, "password_reset");
  await recordAuditEntry(client, actor, {
    action: change.action,
    accountId: user.accountId,
    targetType: "user",
    targetId: user.id,
    details: { email: user.email, role: user.role, temporaryPassword: change.mustChange, sessionsEnded },
  });
  return { expiresAt };
}

export async function setUserPassword(actor: Actor, input: SetUserPasswordInput, tx?: DbClient): Promise<PasswordSet> {
  const { userId, password, permanent } = parseInput(setUserPasswordInput, input);
  const temporary = password === undefined ? newTemporaryPassword() : undefined;
  // Hashing is deliberately slow; do it before any transaction is open.
  const passwordHash = await hashPassword(password ?? temporary!);
  if (permanent && actor.kind !== "cli")
    throw new AppError("forbidden", "Only the operator command line sets a permanent password for someone.");
  return inTransaction(tx, async (client) => {
    const user = await findManagedUser(client, actor, userId);
    const { expiresAt } = await replacePassword(client, actor, user, {
      passwordHash,
      mustChange: !permanent,
      action: "user.password_reset",
    });
    return { userId: user.id, temporaryPassword: temporary ?? null, mustChange: !permanent, expiresAt };
  });
}
