/**
 * Disables or re-enables a portal user (findManagedUser says who may: operators for anyone, operators
 * included, an owner for their own staff). A disabled user cannot sign in, and every session of theirs
 * ends in the same statement (the users_end_sessions trigger), so on its next request everywhere.
 *
 * Operators can be disabled (from the console by another operator, or by the CLI), but never the last
 * active one: the check and the change are one transaction that first locks every active operator's
 * row, so two operators disabling each other at once cannot both succeed.
 *
 * Re-enabling does not bring the old password back (it may be why the user was disabled): the user
 * gets a temporary password, returned once, as a reset gives (set-user-password.ts).
 *
 * Repeating a change is harmless: the first disabling time is kept and only real changes are audited.
 */
import { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/server/auth/actor";
import { hashPassword } from "~/server/auth/password";
import { newTemporaryPassword } from "~/server/auth/temporary-password";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { AppError } from "~/server/errors";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { parseInput } from "~/server/validation/parse-input";
import { setUserDisabledInput, type SetUserDisabledInput } from "~/schemas/account-admin";
import { assertMayManageUsers, findManagedUser } from "./find-managed-user";
import { replacePassword } from "./set-user-password";

export interface UserDisabledState {
  userId: string;
  disabledAt: Date | null;
  /** Re-enabling only: the temporary password the user signs in with next, shown this once. */
  temporaryPassword?: string;
  temporaryPasswordExpiresAt?: Date | null;
}

export async function setUserDisabled(actor: Actor, input: SetUserDisabledInput, tx?: DbClient): Promise<UserDisabledState> {
  const { userId, disabled } = parseInput(setUserDisabledInput, input);
  assertMayManageUsers(actor);
  const temporaryPassword = disabled ? undefined : newTemporaryPassword();
  // Hashing is deliberately slow; do it before any transaction is open.
  const passwordHash = temporaryPassword ? await hashPassword(temporaryPassword) : undefined;
  return inTransaction(tx, async (client) => {
    const user = await findManagedUser(client, actor, userId);
    if (disabled) {
      if (user.disabledAt) return { userId: user.id, disabledAt: user.disabledAt };
      if (user.role === "OPERATOR") {
        // Every active operator's row, the target's too, locked in one order: a concurrent disabling
        // waits here, then finds the rows as committed (a disabled one no longer matches) and counts again.
        const active = await client.$queryRaw<{ id: string }[]>(Prisma.sql`
          SELECT id FROM users WHERE role = 'OPERATOR' AND disabled_at IS NULL ORDER BY id FOR UPDATE`);
        if (!active.some((row) => row.id !== user.id)) {
          throw new AppError("user.last_operator", "This is the last active operator; enable or add another operator first.");
        }
      }
      // Conditional: a concurrent repeat is a no-op instead of moving the disabling time.
      const { count } = await client.user.updateMany({ where: { id: user.id, disabledAt: null }, data: { disabledAt: new Date() } });
      if (count > 0) {
        await recordAuditEntry(client, actor, {
          action: "user.disable",
          accountId: user.accountId,
          targetType: "user",
          targetId: user.id,
          details: { email: user.email, role: user.role },
        });
      }
      const after = await client.user.findUniqueOrThrow({ where: { id: user.id }, select: { disabledAt: true } });
      return { userId: user.id, disabledAt: after.disabledAt };
    }
    if (!user.disabledAt) return { userId: user.id, disabledAt: null };
    const { expiresAt } = await replacePassword(client, actor, user, {
      passwordHash: passwordHash!,
      mustChange: true,
      action: "user.enable",
    });
    return { userId: user.id, disabledAt: null, temporaryPassword, temporaryPasswordExpiresAt: expiresAt };
  });
}
