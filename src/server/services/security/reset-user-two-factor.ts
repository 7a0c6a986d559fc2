/**
 * Someone lost their phone and their recovery codes: an operator (or the account's owner, for staff;
 * findManagedUser) turns their two-factor sign-in off. Every session of theirs ends; an operator must
 * set it up again at their next sign-in. Audited with who did it.
 */
import type { Actor } from "~/server/auth/actor";
import type { DbClient } from "~/server/db";
import { inTransaction } from "~/server/db/in-transaction";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { endUserSessions } from "~/server/services/sessions/end-user-sessions";
import { findManagedUser } from "~/server/services/users/find-managed-user";
import { parseInput } from "~/server/validation/parse-input";
import { userIdInput, type UserIdInput } from "~/schemas/security";

export async function resetUserTwoFactor(actor: Actor, input: UserIdInput, tx?: DbClient): Promise<{ userId: string; wasOn: boolean }> {
  const { userId } = parseInput(userIdInput, input);
  return inTransaction(tx, async (client) => {
    const user = await findManagedUser(client, actor, userId);
    const before = await client.user.findUniqueOrThrow({ where: { id: user.id }, select: { totpEnabledAt: true } });
    await client.user.update({
      where: { id: user.id },
      data: { totpSecret: null, totpEnabledAt: null, totpPendingSecret: null, totpLastStep: null },
    });
    await client.recoveryCode.deleteMany({ where: { userId: user.id } });
    const sessionsEnded = await endUserSessions(client, user.id, "two_factor_reset");
    await recordAuditEntry(client, actor, {
      action: "user.two_factor_reset",
      accountId: user.accountId,
      targetType: "user",
      targetId: user.id,
      details: { email: user.email, role: user.role, wasOn: before.totpEnabledAt !== null, sessionsEnded },
    });
    return { userId: user.id, wasOn: before.totpEnabledAt !== null };
  });
}
