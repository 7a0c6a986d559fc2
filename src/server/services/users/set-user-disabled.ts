/**
 * Disables or re-enables a portal user. A disabled user cannot sign in (authorizeCredentials) and an
 * existing session stops working on its next request, because getSessionActor re-reads the user.
 *
 * Who may: an OWNER for the STAFF of their own account (never themselves, never another OWNER, so an
 * account can never lock out its last owner); operators for any user of any account. Operator users
 * are left to the database and the CLI: no portal user can switch off an operator. A user of another
 * account reads as unknown, so ids of other tenants cannot be probed.
 *
 * Repeating a change is harmless: the first disabling time is kept and only real changes are audited.
 */
import { accountWhere } from "~/server/auth/account-scope";
import type { Actor } from "~/server/auth/actor";
import { isOperator } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { AppError } from "~/server/errors";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { parseInput } from "~/server/validation/parse-input";
import { setUserDisabledInput, type SetUserDisabledInput } from "~/schemas/account-admin";
import { isUuid } from "~/schemas/fields";

export interface UserDisabledState {
  userId: string;
  disabledAt: Date | null;
}

function assertMayManageUsers(actor: Actor): void {
  if (isOperator(actor)) return;
  if (actor.kind !== "user" || actor.role !== "OWNER") {
    throw new AppError("forbidden", "Only the account owner may disable or enable users.");
  }
}

export async function setUserDisabled(actor: Actor, input: SetUserDisabledInput, tx?: DbClient): Promise<UserDisabledState> {
  const { userId, disabled } = parseInput(setUserDisabledInput, input);
  assertMayManageUsers(actor);

  return inTransaction(tx, async (client) => {
    const user = isUuid(userId)
      ? await client.user.findFirst({
          where: { id: userId, ...accountWhere(actor) },
          select: { id: true, email: true, role: true, accountId: true },
        })
      : null;
    if (!user) throw new AppError("user.not_found", "No such user.");
    if (user.role === "OPERATOR") throw new AppError("forbidden", "Operator users cannot be disabled here.");
    if (!isOperator(actor)) {
      if (actor.kind === "user" && actor.userId === user.id) throw new AppError("forbidden", "You cannot disable your own sign-in.");
      if (user.role !== "STAFF") throw new AppError("forbidden", "Account owners may disable or enable staff users only.");
    }

    // Conditional updates: a concurrent repeat is a no-op instead of moving the disabling time.
    const { count } = disabled
      ? await client.user.updateMany({
          where: { id: user.id, disabledAt: null },
          data: { disabledAt: new Date(), sessionsValidFrom: new Date() },
        })
      : await client.user.updateMany({ where: { id: user.id, disabledAt: { not: null } }, data: { disabledAt: null } });
    if (count > 0) {
      await recordAuditEntry(client, actor, {
        action: disabled ? "user.disable" : "user.enable",
        accountId: user.accountId,
        targetType: "user",
        targetId: user.id,
        details: { email: user.email, role: user.role },
      });
    }
    const after = await client.user.findUniqueOrThrow({ where: { id: user.id }, select: { disabledAt: true } });
    return { userId: user.id, disabledAt: after.disabledAt };
  });
}
