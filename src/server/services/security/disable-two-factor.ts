/**
 * Turning two-factor sign-in off needs a fresh code (TOTP or recovery, throttled as sign-in is). For
 * an operator, for whom it is required, the session is then gated again (session-user.ts): nothing
 * but setting it up anew, which is how an operator moves it to a new phone.
 */
import type { UserActor } from "~/server/auth/session";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { recordAuditEntry } from "~/server/services/audit/record-audit-entry";
import { endUserSessions } from "~/server/services/sessions/end-user-sessions";
import { parseInput } from "~/server/validation/parse-input";
import { freshCodeInput, type FreshCodeInput } from "~/schemas/security";
import { proveItIsYou } from "./prove-it-is-you";

export async function disableTwoFactor(actor: UserActor, input: FreshCodeInput): Promise<{ disabled: true }> {
  const { code } = parseInput(freshCodeInput, input);
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { totpEnabledAt: true } });
    if (!user.totpEnabledAt) throw new AppError("two_factor.state", "Two-factor sign-in is not on.");
    const { secondFactor } = await proveItIsYou(tx, actor, { code });
    await tx.user.update({
      where: { id: actor.userId },
      data: { totpSecret: null, totpEnabledAt: null, totpPendingSecret: null, totpLastStep: null },
    });
    await tx.recoveryCode.deleteMany({ where: { userId: actor.userId } });
    const otherSessionsEnded = await endUserSessions(tx, actor.userId, "two_factor_changed", { keepSessionId: actor.sessionId });
    await recordAuditEntry(tx, actor, {
      action: "user.two_factor_disable",
      accountId: actor.accountId,
      targetType: "user",
      targetId: actor.userId,
      details: { provedWith: secondFactor, otherSessionsEnded },
    });
    return { disabled: true as const };
  });
}
