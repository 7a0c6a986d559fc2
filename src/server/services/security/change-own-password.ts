/**
 * A signed-in person changes their own password: the current one first (proveItIsYou, throttled),
 * then every other session of theirs ends and the one they are using goes on. The same form finishes a
 * temporary password (the session's gate, session-user.ts): afterwards the portal opens.
 */
import type { UserActor } from "~/server/auth/session";
import { hashPassword } from "~/server/auth/password";
import { db } from "~/server/db";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { endUserSessions } from "~/server/services/sessions/end-user-sessions";
import { parseInput } from "~/server/validation/parse-input";
import { changePasswordInput, type ChangePasswordInput } from "~/schemas/security";
import { proveItIsYou } from "./prove-it-is-you";

export async function changeOwnPassword(actor: UserActor, input: ChangePasswordInput): Promise<{ otherSessionsEnded: number }> {
  const { currentPassword, newPassword } = parseInput(changePasswordInput, input);
  await proveItIsYou(db, actor, { password: currentPassword });
  const passwordHash = await hashPassword(newPassword);
  return db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: actor.userId },
      data: { passwordHash, passwordMustChange: false, passwordExpiresAt: null, passwordChangedAt: new Date() },
    });
    const otherSessionsEnded = await endUserSessions(tx, actor.userId, "password_changed", { keepSessionId: actor.sessionId });
    await recordAuditEntry(tx, actor, {
      action: "user.password_change",
      accountId: actor.accountId,
      targetType: "user",
      targetId: actor.userId,
      details: { otherSessionsEnded },
    });
    return { otherSessionsEnded };
  });
}
